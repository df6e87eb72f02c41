/**
 * /api/v1/skills… (docs/spec/skills.md "Routes"; docs/api.md "Skills"). Every route needs a
 * device token and takes `?scope=global | profile:<id> | character:<id> | preset:<name>`
 * (default global). A preview body is a `.zip` (streamed to the user's object, never buffered
 * here), JSON `{files}` or a raw `SKILL.md` (`text/markdown` / `text/plain`). Skill files are
 * served as `text/plain; charset=utf-8` (text) or as an `application/octet-stream` attachment
 * (binary), always with `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`,
 * so nothing a skill carries runs as HTML or SVG on the app's origin.
 */
import { Hono, type Context } from "hono";
import {
  installBodySchema,
  moveBodySchema,
  previewFilesBodySchema,
  previewQuerySchema,
  scopeQuerySchema,
} from "../../contracts/skills";
import { AppError } from "../../domain/errors";
import { SKILL_LIMITS } from "../../domain/skills/limits";
import { readBodyText, readJson, readQuery } from "../body";
import { contentDisposition } from "../content-disposition";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const skillRoutes = new Hono<HttpEnv>();

const MARKDOWN_TYPES = ["text/markdown", "text/x-markdown", "text/plain"];

function contentType(c: Context<HttpEnv>): string {
  return (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function scopeOf(c: Context<HttpEnv>): string | undefined {
  return readQuery(c, scopeQuerySchema).scope;
}

skillRoutes.post("/skills/import/preview", requireDevice, async (c) => {
  const type = contentType(c);
  if (type === "application/json") {
    const body = await readJson(c, previewFilesBodySchema, { maxBytes: SKILL_LIMITS.uploadBytes });
    return c.json(
      await callSpace(c, "skills.preview", {
        input: { kind: "files", files: body.files },
        ...(body.targetScope !== undefined ? { targetScope: body.targetScope } : {}),
      }),
    );
  }
  const { targetScope } = readQuery(c, previewQuerySchema);
  const scope = targetScope !== undefined ? { targetScope } : {};
  if (MARKDOWN_TYPES.includes(type)) {
    const text = await readBodyText(c, SKILL_LIMITS.manifestBytes);
    return c.json(await callSpace(c, "skills.preview", { input: { kind: "manifest", text }, ...scope }));
  }
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > SKILL_LIMITS.uploadBytes)
    throw new AppError("skill.archive_too_large", "The upload is larger than 32 MiB.", {
      maxBytes: SKILL_LIMITS.uploadBytes,
    });
  const body = c.req.raw.body;
  if (!body) throw new AppError("skill.archive_invalid", "The upload is empty.");
  return c.json(await callSpace(c, "skills.preview", { input: { kind: "archive", body }, ...scope }));
});

skillRoutes.post("/skills/import", requireDevice, async (c) => {
  const body = await readJson(c, installBodySchema);
  return c.json(await callSpace(c, "skills.install", body));
});

skillRoutes.get("/skills", requireDevice, async (c) => {
  const scope = scopeOf(c);
  return c.json(await callSpace(c, "skills.list", scope !== undefined ? { scope } : {}));
});

skillRoutes.get("/skills/:name", requireDevice, async (c) => {
  const scope = scopeOf(c);
  return c.json(await callSpace(c, "skills.get", { name: c.req.param("name"), ...(scope ? { scope } : {}) }));
});

skillRoutes.get("/skills/:name/files/*", requireDevice, async (c) => {
  const name = c.req.param("name");
  const pathname = new URL(c.req.url).pathname;
  const marker = `/skills/${encodeURIComponent(name)}/files/`;
  const at = pathname.indexOf(marker);
  const rawPath = at < 0 ? "" : pathname.slice(at + marker.length);
  let path: string;
  try {
    path = rawPath.split("/").map(decodeURIComponent).join("/");
  } catch {
    throw new AppError("skill.path_invalid", "The file path is not valid percent-encoding.");
  }
  const scope = scopeOf(c);
  const { file, data } = await callSpace(c, "skills.file", { name, path, ...(scope ? { scope } : {}) });
  const fileName = file.path.slice(file.path.lastIndexOf("/") + 1);
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox",
    "cache-control": "no-store",
    "content-disposition":
      file.kind === "text" && c.req.query("download") === undefined
        ? contentDisposition(fileName, { type: "inline" })
        : contentDisposition(fileName),
    "content-type": file.kind === "text" ? "text/plain; charset=utf-8" : "application/octet-stream",
    "x-skill-media-type": file.mediaType,
    "x-skill-sha256": file.sha256,
  };
  return new Response(data as Uint8Array<ArrayBuffer>, { headers });
});

skillRoutes.get("/skills/:name/export", requireDevice, async (c) => {
  const scope = scopeOf(c);
  const { fileName, sha256, stream } = await callSpace(c, "skills.export", {
    name: c.req.param("name"),
    ...(scope ? { scope } : {}),
  });
  return new Response(stream as ReadableStream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": contentDisposition(fileName),
      "x-content-type-options": "nosniff",
      "x-skill-hash": sha256,
      "cache-control": "no-store",
    },
  });
});

skillRoutes.delete("/skills/:name", requireDevice, async (c) => {
  const scope = scopeOf(c);
  return c.json(await callSpace(c, "skills.delete", { name: c.req.param("name"), ...(scope ? { scope } : {}) }));
});

skillRoutes.post("/skills/:name/move", requireDevice, async (c) => {
  const body = await readJson(c, moveBodySchema);
  return c.json(
    await callSpace(c, "skills.move", {
      name: c.req.param("name"),
      to: body.to,
      ...(body.from !== undefined ? { from: body.from } : {}),
      ...(body.conflictStrategy ? { conflictStrategy: body.conflictStrategy } : {}),
    }),
  );
});
