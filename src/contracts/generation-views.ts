/**
 * Response shapes and frames of chat generation (docs/api.md "Chat generation";
 * docs/spec/generation.md §7).
 */
import { z } from "zod";
import { GENERATION_TYPES } from "../domain/generation/state";
import { chatViewSchema } from "./chat-views";
import { isoTimeSchema } from "./device-views";
import { errorCodeSchema } from "./error-code";

export const GENERATION_STATUSES = ["running", "stopping", "completed", "stopped", "failed"] as const;
const statusSchema = z.enum(GENERATION_STATUSES);
const endedStatusSchema = z.enum(["completed", "stopped", "failed"]);

/** The error an ended generation carries. */
export const generationErrorSchema = z.strictObject({
  code: errorCodeSchema,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** `POST /chats/:chatId/generate` (202). */
export const generationStartedSchema = z.strictObject({ generationId: z.string() });

/** `GET /chats/:chatId/generations/:generationId`: `text` is exactly what frames 1..lastSeq carried this round. */
export const generationViewSchema = z.strictObject({
  generationId: z.string(),
  chatId: z.string(),
  status: statusSchema,
  generationType: z.enum(GENERATION_TYPES),
  round: z.number().int().min(1),
  attempt: z.number().int().min(1),
  text: z.string(),
  reasoning: z.string(),
  lastSeq: z.number().int().min(0),
  messageIds: z.array(z.string()),
  error: generationErrorSchema.optional(),
  createdAt: isoTimeSchema,
  endedAt: isoTimeSchema.optional(),
});

/** `POST …/generations/:generationId/stop`. */
export const generationStopSchema = z.strictObject({ generationId: z.string(), status: statusSchema });

/** `GET /chats/:chatId`: the chat view plus its running generation. */
export const chatDetailSchema = chatViewSchema.extend({
  activeGeneration: z.strictObject({ generationId: z.string(), status: statusSchema }).nullable(),
});

const frame = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const generationStartedFrameSchema = frame("chat.generation_started", {
  generationId: z.string(),
  chatId: z.string(),
  generationType: z.enum(GENERATION_TYPES),
});
/** `text` is the increment; `seq` counts from 1 per generation across rounds and attempts. */
export const generationDeltaFrameSchema = frame("chat.generation_delta", {
  generationId: z.string(),
  chatId: z.string(),
  round: z.number().int().min(1),
  attempt: z.number().int().min(1),
  seq: z.number().int().min(1),
  kind: z.enum(["text", "reasoning"]),
  text: z.string(),
});
export const generationEndedFrameSchema = frame("chat.generation_ended", {
  generationId: z.string(),
  chatId: z.string(),
  status: endedStatusSchema,
  messageIds: z.array(z.string()),
  error: generationErrorSchema.optional(),
});

/** `GET /chats/:chatId/generations/:generationId` answer. */
export type GenerationView = z.infer<typeof generationViewSchema>;
/** `GET /chats/:chatId` answer. */
export type ChatDetail = z.infer<typeof chatDetailSchema>;
/** An ended generation's error. */
export type GenerationError = z.infer<typeof generationErrorSchema>;
