/**
 * HTTP contracts of the skill routes (docs/spec/skills.md "Routes"; docs/api.md "Skills").
 * Scopes are validated by the domain (`skill.scope_invalid`), names and paths too.
 */
import { z } from "zod";

const scope = z.string().max(300);
const strategy = z.enum(["skip", "replace"]);

/** `?scope=` of the read/delete/export routes (`all` only on the list). */
export const scopeQuerySchema = z.object({ scope: scope.optional() });

/** `?targetScope=` of a raw (zip or SKILL.md) preview body. */
export const previewQuerySchema = z.object({ targetScope: scope.optional() });

/** JSON body of `POST /skills/import/preview` (inline files). */
export const previewFilesBodySchema = z
  .object({
    files: z
      .array(
        z
          .object({
            path: z.string().max(2000),
            content: z.string(),
            encoding: z.enum(["utf8", "utf-8", "base64"]).optional(),
            mediaType: z.string().max(200).optional(),
            sizeBytes: z.number().int().min(0).optional(),
            sha256: z.string().max(64).optional(),
          })
          .strict(),
      )
      .max(1000),
    targetScope: scope.optional(),
  })
  .strict();

/** `POST /skills/import`. */
export const installBodySchema = z
  .object({ previewId: z.string().min(1).max(100), conflictStrategy: strategy.optional() })
  .strict();

/** `POST /skills/:name/move`. */
export const moveBodySchema = z
  .object({ from: scope.optional(), to: scope, conflictStrategy: strategy.optional() })
  .strict();
