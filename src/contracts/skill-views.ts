/**
 * Response shapes of /api/v1/skills… (docs/api.md "Skills"; docs/spec/skills.md). Built by
 * application/skills (SkillIndexEntry of ports/skill-repository.ts, SkillImportPreview and
 * SkillInstallResult of application/skills/import.ts).
 */
import { z } from "zod";

/** One installed skill (the index entry). */
export const skillEntrySchema = z.strictObject({
  scope: z.string(),
  name: z.string(),
  description: z.string(),
  displayName: z.string().optional(),
  sourceKind: z.string().optional(),
  license: z.string().optional(),
  author: z.string().optional(),
  version: z.string().optional(),
  tags: z.array(z.string()),
  installedHash: z.string(),
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  hasScripts: z.boolean(),
  hasBinary: z.boolean(),
  installedAt: z.number(),
});

/** One file of a skill. */
export const skillFileSchema = z.strictObject({
  path: z.string(),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  kind: z.enum(["text", "binary"]),
  mediaType: z.string(),
});

/** `GET /skills`. */
export const skillListSchema = z.strictObject({ skills: z.array(skillEntrySchema) });
/** `GET /skills/:name`. */
export const skillDetailSchema = z.strictObject({ skill: skillEntrySchema, files: z.array(skillFileSchema) });
/** `DELETE /skills/:name`. */
export const skillDeletedSchema = z.strictObject({ deleted: z.literal(true), scope: z.string(), name: z.string() });

/** `POST /skills/import/preview`. */
export const skillPreviewSchema = z.strictObject({
  previewId: z.string(),
  targetScope: z.string(),
  name: z.string(),
  description: z.string(),
  hash: z.string(),
  files: z.array(skillFileSchema),
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  hasScripts: z.boolean(),
  hasBinary: z.boolean(),
  warnings: z.array(z.strictObject({ code: z.string(), message: z.string(), path: z.string().optional() })),
  conflict: z.strictObject({ kind: z.enum(["new", "same", "different"]), installedHash: z.string().optional() }),
  expiresAt: z.number(),
});

/** `POST /skills/import`. */
export const skillInstallResultSchema = z.strictObject({
  scope: z.string(),
  name: z.string(),
  action: z.enum(["installed", "replaced", "already_installed", "skipped"]),
  skill: skillEntrySchema.nullable(),
});

/** `POST /skills/:name/move`. */
export const skillMoveResultSchema = z.strictObject({
  scope: z.string(),
  name: z.string(),
  action: z.enum(["moved", "skipped", "already_installed"]),
  skill: skillEntrySchema.nullable(),
});

/** An installed skill as the API returns it. */
export type SkillEntry = z.infer<typeof skillEntrySchema>;
/** One file of a skill as the API returns it. */
export type SkillFile = z.infer<typeof skillFileSchema>;
/** One warning of an import preview. */
export type SkillWarning = SkillPreview["warnings"][number];
/** An import preview as the API returns it. */
export type SkillPreview = z.infer<typeof skillPreviewSchema>;
/** The answer of `POST /skills/import`. */
export type SkillInstallResult = z.infer<typeof skillInstallResultSchema>;
