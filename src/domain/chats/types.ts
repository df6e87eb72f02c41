/**
 * Chat domain types (docs/spec/chats.md; issue [chats]). Pure data, no storage or SDK
 * types. Times are ms since the Unix epoch in records and ISO-8601 strings in views.
 */

/** Message roles. SillyTavern files map `is_user` → user, `is_system` → system, else assistant. */
export type ChatRole = "user" | "assistant" | "system" | "tool";

/** The only chat kind in scope (docs/spec/hosted.md §3). */
export type ChatKind = "character";

/** Optional character card fields of a chat. */
export interface CharacterCard {
  name: string;
  description?: string;
  personality?: string;
  scenario?: string;
  firstMessage?: string;
}

/**
 * SillyTavern persona: who the user plays (docs/spec/chats.md "Personas"). The name goes on the
 * user's messages, the description into the system part of the prompt.
 */
export interface Persona {
  name: string;
  description?: string;
}

/** A JSON object (message `extra`, SillyTavern header, unknown line fields). */
export type JsonObject = Record<string, unknown>;

/** A stored chat. `id` is the chat's `stableChatId` and never changes. */
export interface ChatRecord {
  id: string;
  kind: ChatKind;
  title: string;
  /** Bumped on structural edits: rename/metadata change, message delete. Starts at 1. */
  revision: number;
  messageCount: number;
  character: CharacterCard | null;
  /**
   * The library character this chat is linked to (docs/spec/characters.md §4), or null; `character`
   * is then its summary, kept in step with the library.
   */
  characterId: string | null;
  systemPrompt: string | null;
  /** The chat's own persona (wins over the user's), or null. Imported chats take the header's `user_name`. */
  persona: Persona | null;
  /** The SillyTavern header line as imported (unknown fields kept), or null for chats made here. */
  header: JsonObject | null;
  createdAt: number;
  updatedAt: number;
}

/** A stored message. `seq` orders messages in a chat; `index` (0-based) is derived from it. */
export interface MessageRecord {
  chatId: string;
  seq: number;
  /** Immutable id, unique across the user's chats. */
  messageId: string;
  /** Per-message revision: starts at 1, +1 on every edit, swipe selection or agent commit. */
  revision: number;
  role: ChatRole;
  name: string;
  text: string;
  sendDate: string;
  /** Alternative texts (SillyTavern `swipes`), or null; `swipes[swipeId]` equals `text`. */
  swipes: string[] | null;
  swipeId: number | null;
  /** Assistant tool calls (opaque objects, `{id, name, arguments}` by convention), or null. */
  toolCalls: JsonObject[] | null;
  /** Tool messages: the call this result answers, or null. */
  toolCallId: string | null;
  /** SillyTavern `extra`; agent metadata lives at `extra.tauritavern.agent`. */
  extra: JsonObject;
  /**
   * The stored JSON text of `extra` (exact number digits) while `extra` is unchanged; writers
   * that change `extra` set it to undefined.
   */
  extraJson?: string | undefined;
  /**
   * The imported SillyTavern line with the fields we model replaced by placeholders, so export
   * writes every unknown field back in its original key order; null for messages made here.
   */
  raw: JsonObject | null;
}

/** A chat as the API shows it (docs/spec/chats.md). */
export interface ChatView {
  id: string;
  title: string;
  revision: number;
  messageCount: number;
  character?: CharacterCard;
  /** The linked library character (docs/spec/characters.md §4). */
  characterId?: string;
  systemPrompt?: string;
  persona?: Persona;
  createdAt: string;
  updatedAt: string;
}

/** A message as the API shows it. `index` is its 0-based position at read time. */
export interface MessageView {
  messageId: string;
  index: number;
  revision: number;
  role: ChatRole;
  name: string;
  text: string;
  sendDate: string;
  swipes?: string[];
  swipeId?: number;
  toolCalls?: JsonObject[];
  toolCallId?: string;
  extra: JsonObject;
}

/** Converts a record to its API view. */
export function toChatView(chat: ChatRecord): ChatView {
  return {
    id: chat.id,
    title: chat.title,
    revision: chat.revision,
    messageCount: chat.messageCount,
    ...(chat.character ? { character: chat.character } : {}),
    ...(chat.characterId ? { characterId: chat.characterId } : {}),
    ...(chat.systemPrompt !== null ? { systemPrompt: chat.systemPrompt } : {}),
    ...(chat.persona ? { persona: chat.persona } : {}),
    createdAt: new Date(chat.createdAt).toISOString(),
    updatedAt: new Date(chat.updatedAt).toISOString(),
  };
}

/** Converts a message record at position `index` to its API view. */
export function toMessageView(message: MessageRecord, index: number): MessageView {
  return {
    messageId: message.messageId,
    index,
    revision: message.revision,
    role: message.role,
    name: message.name,
    text: message.text,
    sendDate: message.sendDate,
    ...(message.swipes ? { swipes: message.swipes, swipeId: message.swipeId ?? 0 } : {}),
    ...(message.toolCalls ? { toolCalls: message.toolCalls } : {}),
    ...(message.toolCallId !== null ? { toolCallId: message.toolCallId } : {}),
    extra: message.extra,
  };
}
