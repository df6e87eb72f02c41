/**
 * Request bodies of account export and restore (docs/api.md "Account data";
 * docs/spec/data-portability.md).
 */
import { z } from "zod";
import { DATA_LIMITS } from "../domain/data/limits";

/** `POST /api/v1/export`. A passphrase is required with `includeSecrets` and used only then. */
export const exportBodySchema = z
  .object({
    includeRuns: z.boolean().optional(),
    includeSecrets: z.boolean().optional(),
    passphrase: z.string().min(DATA_LIMITS.passphraseMinChars).max(DATA_LIMITS.passphraseMaxChars).optional(),
  })
  .strict();
export type ExportBody = z.infer<typeof exportBodySchema>;

/** `POST /api/v1/restore/preview` with JSON: preview an archive staged with `/restore/uploads`. */
export const previewStagedBodySchema = z.object({ restoreId: z.string().min(1).max(100) }).strict();

/**
 * `POST /api/v1/restore/:restoreId`. `merge` (the default) imports an item whose id is taken here
 * under a new id with its references rewritten (docs/decisions/2750); `skip` keeps what is here;
 * `replace` overwrites it.
 */
export const restoreBodySchema = z.object({ strategy: z.enum(["merge", "skip", "replace"]).default("merge") }).strict();
export type RestoreStrategy = z.infer<typeof restoreBodySchema>["strategy"];

/**
 * The header that carries the passphrase of an archive with secrets (never a URL). Browsers send
 * only ASCII header values, so the web client always sends an RFC 8187 ext-value
 * (`UTF-8''` + percent-encoded UTF-8); any other value is the passphrase verbatim
 * (docs/spec/data-portability.md §2).
 */
export const PASSPHRASE_HEADER = "TavernEdge-Passphrase";
/** The prefix of an RFC 8187 ext-value in `TavernEdge-Passphrase` (charset UTF-8, no language). */
export const PASSPHRASE_EXT_PREFIX = "UTF-8''";
/** The header of an upload part: the byte offset it starts at (resumable appends). */
export const UPLOAD_OFFSET_HEADER = "TavernEdge-Upload-Offset";
