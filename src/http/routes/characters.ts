/**
 * /api/v1/characters… (docs/api.md "Characters"; docs/spec/characters.md). Import takes the card
 * file itself as the body (≤ 8 MiB; its bytes tell a PNG card from a JSON card). Exports and avatars are
 * served with `X-Content-Type-Options: nosniff`; the avatar as `image/png` only. `PUT …/avatar`
 * replaces the picture with the PNG body.
 */
import { Hono, type Context } from "hono";
import {
  AVATAR_MAX_BYTES,
  CARD_MAX_BYTES,
  createCharacterBodySchema,
  exportCharacterQuerySchema,
  importCharacterQuerySchema,
  updateCharacterBodySchema,
} from "../../contracts/characters";
import { AppError } from "../../domain/errors";
import { readBodyBytes } from "../body-bytes";
import { readJson, readQuery } from "../body";
import { contentDisposition } from "../content-disposition";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const characterRoutes = new Hono<HttpEnv>();

/** Content types a card upload may come with: whatever a browser or client labels a file as. */
const FILE_CONTENT_TYPE = /^(image\/[\w.+-]+|application\/json|application\/octet-stream|text\/plain|)$/;

function contentType(c: Context<HttpEnv>): string {
  return (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

characterRoutes.get("/characters", requireDevice, async (c) => c.json(await callSpace(c, "characters.list", {})));

characterRoutes.post("/characters", requireDevice, async (c) => {
  const body = await readJson(c, createCharacterBodySchema, { maxBytes: 2 * 1024 * 1024 });
  return c.json(await callSpace(c, "characters.create", body), 201);
});

/**
 * The file sent as the body, up to `maxBytes`: a content type that cannot carry a file (a form) is
 * `character.unsupported_media_type` naming `what`; a larger body is `tooLarge` with `details.maxBytes`.
 */
function readFileBody(
  c: Context<HttpEnv>,
  what: string,
  maxBytes: number,
  tooLarge: { code: "character.card_too_large" | "character.avatar_too_large"; message: string },
): Promise<Uint8Array> {
  if (!FILE_CONTENT_TYPE.test(contentType(c)))
    throw new AppError(
      "character.unsupported_media_type",
      `Send ${what} itself as the body (Content-Type image/png, application/json or application/octet-stream), not a form.`,
    );
  return readBodyBytes(c, maxBytes, () => new AppError(tooLarge.code, tooLarge.message, { maxBytes }));
}

characterRoutes.post("/characters/import", requireDevice, async (c) => {
  const { onDuplicate } = readQuery(c, importCharacterQuerySchema);
  // The bytes decide PNG or JSON (card-file-kind.ts).
  const bytes = await readFileBody(c, "the card file", CARD_MAX_BYTES, {
    code: "character.card_too_large",
    message: "The character card is larger than 8 MiB.",
  });
  return c.json(await callSpace(c, "characters.import", { bytes, ...(onDuplicate ? { onDuplicate } : {}) }), 201);
});

characterRoutes.get("/characters/:id", requireDevice, async (c) =>
  c.json(await callSpace(c, "characters.get", { id: c.req.param("id") })),
);

characterRoutes.patch("/characters/:id", requireDevice, async (c) => {
  const body = await readJson(c, updateCharacterBodySchema, { maxBytes: 2 * 1024 * 1024 });
  return c.json(await callSpace(c, "characters.update", { id: c.req.param("id"), ...body }));
});

characterRoutes.delete("/characters/:id", requireDevice, async (c) =>
  c.json(await callSpace(c, "characters.delete", { id: c.req.param("id") })),
);

characterRoutes.get("/characters/:id/export", requireDevice, async (c) => {
  const { format, spec } = readQuery(c, exportCharacterQuerySchema);
  const id = c.req.param("id");
  const headers = { "x-content-type-options": "nosniff", "cache-control": "no-store" };
  if (format === "json") {
    const { fileName, json } = await callSpace(c, "characters.exportJson", { id, spec });
    return new Response(json, {
      headers: {
        ...headers,
        "content-type": "application/json; charset=utf-8",
        "content-disposition": contentDisposition(fileName, { fallbackStem: "character" }),
      },
    });
  }
  const { fileName, png } = await callSpace(c, "characters.exportPng", { id });
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      ...headers,
      "content-type": "image/png",
      "content-disposition": contentDisposition(fileName, { fallbackStem: "character" }),
    },
  });
});

characterRoutes.put("/characters/:id/avatar", requireDevice, async (c) => {
  // A PNG as the body (the web client converts JPEG and WebP first); codec.read refuses anything else.
  const png = await readFileBody(c, "the PNG picture", AVATAR_MAX_BYTES, {
    code: "character.avatar_too_large",
    message: "The picture is larger than 8 MiB.",
  });
  return c.json(await callSpace(c, "characters.setAvatar", { id: c.req.param("id"), png }));
});

characterRoutes.get("/characters/:id/avatar", requireDevice, async (c) => {
  const { png, sha256 } = await callSpace(c, "characters.avatar", { id: c.req.param("id") });
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
      "cache-control": "private, max-age=0, must-revalidate",
      etag: `"${sha256}"`,
    },
  });
});
