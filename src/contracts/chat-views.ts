/**
 * Response shapes of the chat routes (docs/api.md "Chats"). `ChatView` / `MessageView` are the
 * domain's views (domain/chats/types); the page, window, delete and search answers are defined
 * here and used by application/chats. Times are ISO 8601 UTC strings.
 */
import { z } from "zod";
import type { ChatRole, ChatView, CharacterCard, MessageView, Persona } from "../domain/chats/types";
import { characterCardSchema, chatPersonaSchema, chatRoleSchema } from "./chats";
import { isoTimeSchema } from "./device-views";

export type { CharacterCard, ChatRole, ChatView, MessageView, Persona };

const jsonObject = z.record(z.string(), z.unknown());

/** A chat; `id` is its stableChatId; `revision` grows on rename/metadata edits and message deletes. */
export const chatViewSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  revision: z.number().int().min(1),
  messageCount: z.number().int().min(0),
  character: characterCardSchema.optional(),
  characterId: z.string().optional(),
  systemPrompt: z.string().optional(),
  persona: chatPersonaSchema.optional(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});

/**
 * `POST /chats/import` answer: the chat and what became of its character (docs/spec/characters.md
 * §4 "Imported chats"): linked to the one library character of the header's name, or not, and why.
 */
export const importedChatViewSchema = chatViewSchema.extend({
  characterLink: z.discriminatedUnion("status", [
    z.strictObject({ status: z.literal("linked"), name: z.string(), characterId: z.string() }),
    z.strictObject({ status: z.literal("no_match"), name: z.string(), message: z.string() }),
    z.strictObject({
      status: z.literal("ambiguous"),
      name: z.string(),
      candidates: z.array(z.strictObject({ id: z.string(), name: z.string() })),
      message: z.string(),
    }),
    z.strictObject({ status: z.literal("no_name"), message: z.string() }),
  ]),
});

export type ImportedChatView = z.output<typeof importedChatViewSchema>;

/** A message; `revision` grows on every edit, swipe change or agent commit; `index` is 0-based at read time. */
export const messageViewSchema = z.strictObject({
  messageId: z.string(),
  index: z.number().int().min(0),
  revision: z.number().int().min(1),
  role: chatRoleSchema,
  name: z.string(),
  text: z.string(),
  sendDate: z.string(),
  swipes: z.array(z.string()).optional(),
  swipeId: z.number().int().min(0).optional(),
  toolCalls: z.array(jsonObject).optional(),
  toolCallId: z.string().optional(),
  extra: jsonObject,
});

/** `GET /chats`: newest first; `nextCursor` when more chats exist. */
export const chatPageSchema = z.strictObject({ chats: z.array(chatViewSchema), nextCursor: z.string().optional() });
export type ChatPage = z.infer<typeof chatPageSchema>;

/** `GET /chats/:id/messages`: a window in chat order plus the chat's message count. */
export const messageWindowSchema = z.strictObject({
  messages: z.array(messageViewSchema),
  total: z.number().int().min(0),
});
export type MessageWindow = z.infer<typeof messageWindowSchema>;

/** `DELETE /chats/:id`. */
export const chatDeletedSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });
export type ChatDeleted = z.infer<typeof chatDeletedSchema>;

/** `DELETE /chats/:id/messages/:messageId`: the chat's new revision. */
export const messageDeletedSchema = z.strictObject({
  messageId: z.string(),
  deleted: z.literal(true),
  chatRevision: z.number().int().min(1),
});
export type MessageDeleted = z.infer<typeof messageDeletedSchema>;

/** One hit of `GET /chats/:id/search`; `chars` counts the whole message text. */
export const searchHitSchema = z.strictObject({
  messageId: z.string(),
  index: z.number().int().min(0),
  role: chatRoleSchema,
  snippet: z.string(),
  chars: z.number().int().min(0),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResultSchema = z.strictObject({ hits: z.array(searchHitSchema) });
