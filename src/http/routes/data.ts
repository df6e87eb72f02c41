/**
 * /api/v1/export… and /api/v1/restore… (docs/api.md "Account data"; docs/spec/data-portability.md).
 * Archives stream between the Worker and the user's object over RPC, never buffered here. The
 * passphrase of an archive with secrets comes in the `TavernEdge-Passphrase` header (never a URL);
 * an export's passphrase is in its JSON body. Uploads past one request's body limit come in parts:
 * `POST /restore/uploads` (first part) then `PUT /restore/uploads/:restoreId` with
 * `TavernEdge-Upload-Offset`, then `POST /restore/preview` with `{restoreId}`.
 */
import { Hono, type Context } from "hono";
import {
  exportBodySchema,
  PASSPHRASE_HEADER,
  previewStagedBodySchema,
  restoreBodySchema,
  UPLOAD_OFFSET_HEADER,
} from "../../contracts/data";
import { AppError } from "../../domain/errors";
import { DATA_LIMITS } from "../../domain/data/limits";
import { readJson } from "../body";
import { decodePassphraseHeader } from "../passphrase-header";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const dataRoutes = new Hono<HttpEnv>();

function bodyOf(c: Context<HttpEnv>): ReadableStream<Uint8Array> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > DATA_LIMITS.archiveBytes)
    throw new AppError(
      "data.archive_too_large",
      `The archive is larger than ${DATA_LIMITS.archiveBytes / 1048576} MiB.`,
      {
        maxBytes: DATA_LIMITS.archiveBytes,
      },
    );
  const body = c.req.raw.body;
  if (!body) throw new AppError("data.archive_invalid", "The upload is empty.");
  return body;
}

/** The header's passphrase, decoded (RFC 8187 ext-value or verbatim); `data.passphrase_encoding` (400). */
function passphraseOf(c: Context<HttpEnv>): { passphrase?: string } {
  const passphrase = decodePassphraseHeader(c.req.header(PASSPHRASE_HEADER));
  return passphrase === undefined ? {} : { passphrase };
}

dataRoutes.post("/export", requireDevice, async (c) => {
  const body = await readJson(c, exportBodySchema, { allowEmpty: true });
  return c.json(await callSpace(c, "data.export.start", body ?? {}), 202);
});

dataRoutes.get("/export", requireDevice, async (c) => c.json(await callSpace(c, "data.export.list", {})));

dataRoutes.get("/export/:exportId", requireDevice, async (c) =>
  c.json(await callSpace(c, "data.export.get", { exportId: c.req.param("exportId") })),
);

dataRoutes.delete("/export/:exportId", requireDevice, async (c) =>
  c.json(await callSpace(c, "data.export.delete", { exportId: c.req.param("exportId") })),
);

dataRoutes.get("/export/:exportId/download", requireDevice, async (c) => {
  const { fileName, bytes, stream } = await callSpace(c, "data.export.download", {
    exportId: c.req.param("exportId"),
  });
  return new Response(stream as ReadableStream, {
    headers: {
      "content-type": "application/zip",
      "content-length": String(bytes),
      "content-disposition": `attachment; filename="${fileName}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
});

dataRoutes.post("/restore/uploads", requireDevice, async (c) =>
  c.json(await callSpace(c, "data.restore.upload", { body: bodyOf(c) }), 201),
);

dataRoutes.put("/restore/uploads/:restoreId", requireDevice, async (c) => {
  const offsetText = c.req.header(UPLOAD_OFFSET_HEADER);
  const offset = offsetText === undefined ? undefined : Number(offsetText);
  if (offset !== undefined && (!Number.isSafeInteger(offset) || offset < 0))
    throw new AppError("input.invalid", `${UPLOAD_OFFSET_HEADER} must be a byte offset.`);
  return c.json(
    await callSpace(c, "data.restore.upload", {
      body: bodyOf(c),
      restoreId: c.req.param("restoreId"),
      ...(offset !== undefined ? { offset } : {}),
    }),
  );
});

dataRoutes.post("/restore/preview", requireDevice, async (c) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    const { restoreId } = await readJson(c, previewStagedBodySchema);
    return c.json(await callSpace(c, "data.restore.preview", { restoreId, ...passphraseOf(c) }));
  }
  return c.json(await callSpace(c, "data.restore.preview", { body: bodyOf(c), ...passphraseOf(c) }));
});

dataRoutes.get("/restore", requireDevice, async (c) => c.json(await callSpace(c, "data.restore.list", {})));

dataRoutes.get("/restore/:restoreId", requireDevice, async (c) =>
  c.json(await callSpace(c, "data.restore.get", { restoreId: c.req.param("restoreId") })),
);

/**
 * Runs the restore. The first step runs within the request (docs/decisions/2750): when it
 * finishes the archive the answer is `200` with the report (status `done` or `failed`); otherwise
 * `202` with status `running`, `Location` of the restore, and the report comes from `GET`.
 */
dataRoutes.post("/restore/:restoreId", requireDevice, async (c) => {
  const body = await readJson(c, restoreBodySchema, { allowEmpty: true });
  const restoreId = c.req.param("restoreId");
  const view = await callSpace(c, "data.restore.start", { restoreId, strategy: body.strategy });
  if (view.status === "running") {
    c.header("location", `/api/v1/restore/${encodeURIComponent(restoreId)}`);
    return c.json(view, 202);
  }
  return c.json(view, 200);
});
