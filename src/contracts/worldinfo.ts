/**
 * HTTP contracts of the World Info routes (docs/api.md "World Info"; docs/spec/worldinfo.md).
 * Entry bodies keep SillyTavern's field names; unknown fields are kept. Regex keys are checked by
 * the domain (`worldinfo.invalid_regex`).
 */
import { z } from "zod";
import { attachmentSchema, worldInfoSettingsSchema } from "./worldinfo-views";

/** Largest World Info JSON accepted by `POST /worldinfo/import`, bytes. */
export const WORLDINFO_MAX_BYTES = 8 * 1024 * 1024;

const entryBody = z.record(z.string(), z.unknown());

/** `POST /worldinfo` (an empty book, or with entries). */
export const createBookBodySchema = z
  .object({ name: z.string().trim().min(1).max(200), entries: z.array(entryBody).max(10_000).optional() })
  .strict();

/** `PATCH /worldinfo/:bookId` */
export const updateBookBodySchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    attach: z.array(attachmentSchema).max(100).optional(),
    detach: z.array(attachmentSchema).max(100).optional(),
    ifRevision: z.number().int().min(1).optional(),
  })
  .strict();

/** `PUT /worldinfo/:bookId/entries/:uid` and `POST /worldinfo/:bookId/entries`. */
export const entryBodySchema = z.object({ entry: entryBody, ifRevision: z.number().int().min(1).optional() }).strict();

/** `PATCH /worldinfo/settings` */
export const settingsPatchSchema = worldInfoSettingsSchema.partial();

/** `POST /worldinfo/activation/test`: which entries `text` (one message) would activate. */
export const activationTestBodySchema = z
  .object({
    text: z.string().max(200_000),
    bookIds: z.array(z.string().min(1).max(64)).max(100).optional(),
    contextTokens: z.number().int().min(1).max(10_000_000).optional(),
  })
  .strict();

/** `POST /worldinfo/import?name=&onDuplicate=ask|copy` (`copy`: import a file already in the library again). */
export const importBookQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  onDuplicate: z.enum(["ask", "copy"]).optional(),
});
