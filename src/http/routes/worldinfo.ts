/**
 * /api/v1/worldinfo… (docs/api.md "World Info"; docs/spec/worldinfo.md): books, entries,
 * attachments, import/export of SillyTavern World Info JSON, global settings, and the
 * "test activation" box.
 */
import { Hono } from "hono";
import {
  activationTestBodySchema,
  createBookBodySchema,
  entryBodySchema,
  importBookQuerySchema,
  settingsPatchSchema,
  updateBookBodySchema,
  WORLDINFO_MAX_BYTES,
} from "../../contracts/worldinfo";
import { AppError } from "../../domain/errors";
import { parseUntrustedJson, readBodyText, readJson, readQuery } from "../body";
import { contentDisposition } from "../content-disposition";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";
import { z } from "zod";

export const worldInfoRoutes = new Hono<HttpEnv>();

const BIG = { maxBytes: WORLDINFO_MAX_BYTES };

function uidOf(raw: string): number {
  const uid = Number(raw);
  if (!Number.isInteger(uid) || uid < 0)
    throw new AppError("worldinfo.book_entry_not_found", `"${raw.slice(0, 40)}" is not an entry uid.`, {
      uid: raw.slice(0, 40),
    });
  return uid;
}

worldInfoRoutes.get("/worldinfo", requireDevice, async (c) => c.json(await callSpace(c, "worldinfo.list", {})));

worldInfoRoutes.post("/worldinfo", requireDevice, async (c) => {
  const body = await readJson(c, createBookBodySchema, BIG);
  return c.json(await callSpace(c, "worldinfo.create", body), 201);
});

worldInfoRoutes.get("/worldinfo/settings", requireDevice, async (c) =>
  c.json(await callSpace(c, "worldinfo.settings.get", {})),
);

worldInfoRoutes.patch("/worldinfo/settings", requireDevice, async (c) => {
  const body = await readJson(c, settingsPatchSchema.strict());
  return c.json(await callSpace(c, "worldinfo.settings.patch", body));
});

worldInfoRoutes.post("/worldinfo/activation/test", requireDevice, async (c) => {
  const body = await readJson(c, activationTestBodySchema);
  return c.json(await callSpace(c, "worldinfo.activation.test", body));
});

worldInfoRoutes.post("/worldinfo/import", requireDevice, async (c) => {
  const { name, onDuplicate } = readQuery(c, importBookQuerySchema);
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw new AppError(
      "http.unsupported_media_type",
      "Send the World Info file as the body with Content-Type application/json.",
    );
  let json: unknown;
  try {
    json = parseUntrustedJson(await readBodyText(c, WORLDINFO_MAX_BYTES));
  } catch (error) {
    // A picture or any other file that is not JSON text: say what the user picked, not how it parsed.
    if (error instanceof AppError && (error.code === "http.invalid_utf8" || error.code === "http.invalid_json"))
      throw new AppError("worldinfo.file_invalid", "This file is not a SillyTavern World Info JSON file.", undefined, {
        cause: error,
      });
    throw error;
  }
  return c.json(
    await callSpace(c, "worldinfo.import", {
      json,
      ...(name ? { name } : {}),
      ...(onDuplicate ? { onDuplicate } : {}),
    }),
    201,
  );
});

worldInfoRoutes.get("/worldinfo/:bookId", requireDevice, async (c) =>
  c.json(await callSpace(c, "worldinfo.get", { bookId: c.req.param("bookId") })),
);

worldInfoRoutes.patch("/worldinfo/:bookId", requireDevice, async (c) => {
  const body = await readJson(c, updateBookBodySchema);
  return c.json(await callSpace(c, "worldinfo.update", { bookId: c.req.param("bookId"), ...body }));
});

worldInfoRoutes.delete("/worldinfo/:bookId", requireDevice, async (c) =>
  c.json(await callSpace(c, "worldinfo.delete", { bookId: c.req.param("bookId") })),
);

worldInfoRoutes.get("/worldinfo/:bookId/export", requireDevice, async (c) => {
  const { fileName, json } = await callSpace(c, "worldinfo.export", { bookId: c.req.param("bookId") });
  return new Response(JSON.stringify(json), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "x-content-type-options": "nosniff",
      "content-disposition": contentDisposition(fileName, { fallbackStem: "world" }),
    },
  });
});

worldInfoRoutes.post("/worldinfo/:bookId/entries", requireDevice, async (c) => {
  const body = await readJson(c, entryBodySchema, BIG);
  return c.json(await callSpace(c, "worldinfo.entries.put", { bookId: c.req.param("bookId"), ...body }), 201);
});

worldInfoRoutes.put("/worldinfo/:bookId/entries/:uid", requireDevice, async (c) => {
  const body = await readJson(c, entryBodySchema, BIG);
  const uid = uidOf(c.req.param("uid"));
  return c.json(await callSpace(c, "worldinfo.entries.put", { bookId: c.req.param("bookId"), uid, ...body }));
});

const deleteQuery = z.object({ ifRevision: z.coerce.number().int().min(1).optional() });

worldInfoRoutes.delete("/worldinfo/:bookId/entries/:uid", requireDevice, async (c) => {
  const { ifRevision } = readQuery(c, deleteQuery);
  const uid = uidOf(c.req.param("uid"));
  return c.json(
    await callSpace(c, "worldinfo.entries.delete", {
      bookId: c.req.param("bookId"),
      uid,
      ...(ifRevision !== undefined ? { ifRevision } : {}),
    }),
  );
});
