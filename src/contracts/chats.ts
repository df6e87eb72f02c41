/**
 * HTTP contracts of the chat routes (docs/spec/chats.md; docs/api.md "Chats").
 * Length limits that carry their own error codes (title → chat.title_invalid, text →
 * chat.message_text_too_large) are checked by the service, not here.
 */
import { z } from "zod";

const cardField = z.string().max(64 * 1024);
const jsonObject = z.record(z.string(), z.unknown());

export const characterCardSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: cardField.optional(),
    personality: cardField.optional(),
    scenario: cardField.optional(),
    firstMessage: cardField.optional(),
  })
  .strict();

/**
 * A stored persona (docs/spec/chats.md "Personas"): who the user plays. `name` goes on the user's
 * messages, `description` into the system part of the prompt.
 */
export const chatPersonaSchema = z
  .object({ name: z.string().trim().min(1).max(200), description: z.string().max(20_000).optional() })
  .strict();

export const createChatBodySchema = z
  .object({
    title: z.string(),
    character: characterCardSchema.optional(),
    /** A library character (docs/spec/characters.md §4): linked, and its greeting posted. */
    characterId: z.string().min(1).max(64).optional(),
    systemPrompt: cardField.optional(),
  })
  .strict();

/** `POST /chats` body as a client sends it. */
export type CreateChatBody = z.input<typeof createChatBodySchema>;

export const updateChatBodySchema = z
  .object({
    title: z.string().optional(),
    character: characterCardSchema.nullable().optional(),
    characterId: z.string().min(1).max(64).nullable().optional(),
    systemPrompt: cardField.nullable().optional(),
    persona: chatPersonaSchema.nullable().optional(),
    ifRevision: z.number().int().min(1).optional(),
  })
  .strict();

export const duplicateChatBodySchema = z.object({ title: z.string().optional() }).strict();

const intParam = (min: number, max?: number) => {
  const base = z.coerce.number().int().min(min);
  return (max === undefined ? base : base.max(max)).optional();
};

export const listChatsQuerySchema = z.object({ cursor: z.string().max(500).optional(), limit: intParam(1, 200) });

export const messagesQuerySchema = z.object({
  offset: intParam(0),
  limit: intParam(1, 200),
  fromEnd: z.enum(["true", "false"]).optional(),
  beforeMessageId: z.string().min(1).max(64).optional(),
});

export const chatRoleSchema = z.enum(["user", "assistant", "system", "tool"]);

export const appendMessageBodySchema = z
  .object({
    role: chatRoleSchema,
    name: z.string().max(200).optional(),
    text: z.string(),
    extra: jsonObject.optional(),
    toolCalls: z.array(jsonObject).max(128).optional(),
    toolCallId: z.string().min(1).max(256).optional(),
    afterMessageId: z.string().min(1).max(64).nullable().optional(),
  })
  .strict();

export const editMessageBodySchema = z
  .object({
    ifRevision: z.number().int().min(1).optional(),
    text: z.string().optional(),
    name: z.string().max(200).optional(),
    extra: jsonObject.optional(),
    swipeId: z.number().int().min(0).optional(),
    addSwipe: z.string().optional(),
  })
  .strict();

export const deleteMessageQuerySchema = z.object({ ifRevision: intParam(1) });

export const searchQuerySchema = z.object({
  q: z.string().min(1).max(500),
  limit: intParam(1, 50),
  role: z.enum(["user", "assistant", "system", "tool"]).optional(),
  startIndex: intParam(0),
  endIndex: intParam(0),
});

export const importQuerySchema = z.object({ title: z.string().optional() });

/** Content types accepted by `POST /chats/import` (the body is the JSONL file itself). */
export const IMPORT_CONTENT_TYPES = [
  "application/x-ndjson",
  "application/jsonl",
  "application/json-lines",
  "text/plain",
] as const;

/** Largest JSON body of a message write: 1 MiB of text plus escaping and `extra`. */
export const MESSAGE_BODY_LIMIT = 4 * 1024 * 1024;
