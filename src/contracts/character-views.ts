/**
 * Response shapes of the character routes (docs/api.md "Characters"; docs/spec/characters.md).
 * Times are ISO 8601 UTC strings. `card` is the stored card document (every field kept) without
 * `data.character_book`, which lives in the linked World Info book `bookId`.
 */
import { z } from "zod";
import { isoTimeSchema } from "./device-views";

const jsonObject = z.record(z.string(), z.unknown());

/** A character in the library list. `avatarSha256` changes when the avatar does (cache key). */
export const characterSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  revision: z.number().int().min(1),
  spec: z.enum(["v2", "v3"]),
  hasAvatar: z.boolean(),
  avatarSha256: z.string().optional(),
  bookId: z.string().optional(),
  tags: z.array(z.string()),
  creator: z.string(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type CharacterSummary = z.infer<typeof characterSummarySchema>;

/** One character with its whole card. */
export const characterViewSchema = characterSummarySchema.extend({
  card: jsonObject.and(z.object({ data: jsonObject })),
});
export type CharacterView = z.infer<typeof characterViewSchema>;

/** `GET /characters`. */
export const characterListSchema = z.strictObject({ characters: z.array(characterSummarySchema) });
export type CharacterList = z.infer<typeof characterListSchema>;

/** `DELETE /characters/:id`. */
export const characterDeletedSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });
export type CharacterDeleted = z.infer<typeof characterDeletedSchema>;
