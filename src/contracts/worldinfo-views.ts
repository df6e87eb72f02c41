/**
 * Response shapes of the World Info routes (docs/api.md "World Info"; docs/spec/worldinfo.md).
 * Entries are SillyTavern World Info entries (their field names, unknown fields kept).
 */
import { z } from "zod";
import { isoTimeSchema } from "./device-views";

const entrySchema = z.record(z.string(), z.unknown()).and(z.object({ uid: z.number().int() }));

export const attachmentSchema = z.discriminatedUnion("scope", [
  z.strictObject({ scope: z.literal("global") }),
  z.strictObject({ scope: z.literal("character"), id: z.string() }),
  z.strictObject({ scope: z.literal("chat"), id: z.string() }),
]);

/** A book in the list. `characterId`: the character whose card it came from. */
export const bookSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  revision: z.number().int().min(1),
  entryCount: z.number().int().min(0),
  characterId: z.string().optional(),
  attachments: z.array(attachmentSchema),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type BookSummary = z.infer<typeof bookSummarySchema>;

/** One book with its entries (by uid). */
export const bookViewSchema = bookSummarySchema.extend({ entries: z.array(entrySchema) });
export type BookView = z.infer<typeof bookViewSchema>;

export const bookListSchema = z.strictObject({ books: z.array(bookSummarySchema) });
export type BookList = z.infer<typeof bookListSchema>;

export const worldInfoSettingsSchema = z.strictObject({
  scanDepth: z.number().int().min(0).max(1000),
  budgetPercent: z.number().min(1).max(100),
  budgetCap: z.number().int().min(0),
  recursive: z.boolean(),
  caseSensitive: z.boolean(),
  matchWholeWords: z.boolean(),
  minActivations: z.number().int().min(0).max(1000),
  minActivationsDepthMax: z.number().int().min(0).max(1000),
});

/** One entry a text activated (`POST /worldinfo/activation/test`). */
export const activatedEntrySchema = z.strictObject({
  bookId: z.string(),
  world: z.string(),
  uid: z.number().int(),
  comment: z.string(),
  content: z.string(),
  constant: z.boolean(),
  order: z.number(),
  position: z.number(),
  positionName: z.string(),
  depth: z.number(),
  role: z.number().nullable(),
  tokens: z.number().int().min(0),
});

export const activationTestResultSchema = z.strictObject({
  entries: z.array(activatedEntrySchema),
  budgetTokens: z.number().int().min(1),
  usedTokens: z.number().int().min(0),
  budgetExhausted: z.boolean(),
  scanDepth: z.number().int().min(0),
});
export type ActivationTestResult = z.infer<typeof activationTestResultSchema>;
