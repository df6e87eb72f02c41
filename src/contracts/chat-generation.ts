/** HTTP body contracts of chat generation (docs/api.md "Chat generation"; docs/spec/generation.md). */
import { z } from "zod";
import { GENERATION_TYPES, MAX_TOOL_ROUNDS_LIMIT } from "../domain/generation/state";

/** SillyTavern persona: who the user plays (goes into the system message). */
export const personaSchema = z
  .object({ name: z.string().max(200).optional(), description: z.string().max(20_000).optional() })
  .strict();

/** `POST /chats/:chatId/generate`. */
export const generateBodySchema = z
  .object({
    generationType: z.enum(GENERATION_TYPES),
    userMessage: z
      .object({ text: z.string(), name: z.string().max(200).optional() })
      .strict()
      .optional(),
    connectionId: z.string().min(1).max(100).optional(),
    maxToolRounds: z.number().int().min(0).max(MAX_TOOL_ROUNDS_LIMIT).optional(),
    persona: personaSchema.optional(),
  })
  .strict();
