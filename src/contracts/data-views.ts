/**
 * Response shapes of account export and restore (docs/api.md "Account data"). Times are ISO 8601.
 */
import { z } from "zod";
import { errorCodeSchema } from "./error-code";

const errorSchema = z.object({ code: errorCodeSchema, message: z.string() });

/** `GET /api/v1/export/:exportId` (and the 202 of `POST /api/v1/export`). */
export const exportViewSchema = z.object({
  exportId: z.string(),
  status: z.enum(["running", "ready", "failed"]),
  done: z.number().int(),
  total: z.number().int(),
  bytes: z.number().int(),
  includeRuns: z.boolean(),
  includeSecrets: z.boolean(),
  error: errorSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExportView = z.infer<typeof exportViewSchema>;

/** `{exports}` of `GET /api/v1/export`. */
export const exportListSchema = z.object({ exports: z.array(exportViewSchema) });

/** One item of an archive that already exists here. */
export const restoreConflictSchema = z.object({ kind: z.string(), itemId: z.string() });

/** `POST /api/v1/restore/preview`. `counts` by kind; `unknownKinds` are sections this server cannot read. */
export const restorePreviewSchema = z.object({
  restoreId: z.string(),
  formatVersion: z.number().int(),
  exportedAt: z.string(),
  includeRuns: z.boolean(),
  includeSecrets: z.boolean(),
  bytes: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  conflicts: z.array(restoreConflictSchema),
  unknownKinds: z.array(z.string()),
});
export type RestorePreview = z.infer<typeof restorePreviewSchema>;

/** One line of the report. */
export const restoreResultSchema = z.object({
  kind: z.string(),
  itemId: z.string(),
  outcome: z.enum(["imported", "replaced", "skipped", "refused"]),
  /** The id the item was imported under when a merge gave it a new one (its archived id was taken here). */
  newId: z.string().nullable(),
  code: errorCodeSchema.nullable(),
  message: z.string().nullable(),
});

/** `GET /api/v1/restore/:restoreId` (and the 202 of `POST /api/v1/restore/:restoreId`). */
export const restoreViewSchema = z.object({
  restoreId: z.string(),
  status: z.enum(["staging", "previewed", "running", "done", "failed"]),
  strategy: z.enum(["merge", "skip", "replace"]).nullable(),
  done: z.number().int(),
  total: z.number().int(),
  error: errorSchema.nullable(),
  preview: restorePreviewSchema.nullable(),
  report: z
    .object({
      imported: z.number().int(),
      replaced: z.number().int(),
      skipped: z.number().int(),
      refused: z.number().int(),
      /** Items imported under a new id (merge): `{kind, itemId (archived), newId}`. */
      remapped: z.array(z.object({ kind: z.string(), itemId: z.string(), newId: z.string() })),
      items: z.array(restoreResultSchema),
    })
    .nullable(),
});
export type RestoreView = z.infer<typeof restoreViewSchema>;
/** `GET /api/v1/restore`: the restores that ran (running, done or failed), not expired, newest first. */
export const restoreListSchema = z.object({ restores: z.array(restoreViewSchema) });

/** `POST /api/v1/restore/uploads` and `PUT /api/v1/restore/uploads/:restoreId`. */
export const uploadViewSchema = z.object({ restoreId: z.string(), bytes: z.number().int() });
export type UploadView = z.infer<typeof uploadViewSchema>;
