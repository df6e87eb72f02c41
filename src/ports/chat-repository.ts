/**
 * Port: persistence of chats and messages (implemented by adapters/storage/chat-*.ts over the
 * user's Durable Object SQLite). All calls are synchronous, so one service call that reads, checks
 * and writes runs without interleaving other requests (Durable Object single-threading).
 */
import type { ChatRecord, ChatRole, MessageRecord } from "../domain/chats/types";

/** Keyset cursor of the chat list (newest first by creation time). */
export interface ChatCursor {
  createdAt: number;
  id: string;
}

/** Chat rows (`te_chats`). */
export interface ChatRows {
  insert(chat: ChatRecord): void;
  get(chatId: string): ChatRecord | null;
  /** Up to `limit` chats older than `cursor` (or the newest), newest first. */
  list(limit: number, cursor: ChatCursor | null): ChatRecord[];
  /** Writes title, character, systemPrompt, revision, messageCount, updatedAt. */
  update(chat: ChatRecord): void;
  /** Deletes the chat with its messages and swipes. */
  delete(chatId: string): void;
}

/** One search hit as stored: position and snippet window of the first match. */
export interface SearchRow {
  messageId: string;
  index: number;
  role: ChatRole;
  /** 1-based character position of the first match in `text`. */
  position: number;
  /** Characters of the whole text. */
  chars: number;
  /** The snippet window text and its 1-based start. */
  window: string;
  windowStart: number;
}

/** Options of a stored search; indices are 0-based and inclusive. */
export interface SearchQuery {
  /** Lower-cased needle (matching is ASCII case-insensitive, as SQLite lower()). */
  needle: string;
  limit: number;
  role?: ChatRole;
  fromIndex: number;
  toIndex: number;
  /** Characters of context on each side of the match. */
  context: number;
}

/** Message rows (`te_chat_messages` + `te_chat_swipes`). */
export interface MessageRows {
  /** The next free order key of a chat (1 for an empty chat). */
  nextSeq(chatId: string): number;
  insert(message: MessageRecord): void;
  /**
   * Inserts many messages (and their swipes) with multi-row statements, each within the Durable
   * Object limit of 100 bound parameters; same rows as `insert` one by one. Run it inside a transaction.
   */
  insertMany(messages: readonly MessageRecord[]): void;
  /** Rewrites the mutable fields (revision, name, text, swipes, swipeId, toolCalls, extra). */
  update(message: MessageRecord): void;
  /**
   * Gives a message the next free order key (moves it after every other message; its swipes stay
   * with it). Returns the new seq. Call `update` with the returned seq afterwards when swipes change.
   */
  moveToEnd(chatId: string, messageId: string): number;
  delete(chatId: string, messageId: string): void;
  byId(chatId: string, messageId: string): MessageRecord | null;
  /** 0-based position of the message with order key `seq`. */
  indexOfSeq(chatId: string, seq: number): number;
  /** The last message, or null for an empty chat. */
  last(chatId: string): MessageRecord | null;
  /** `limit` messages from position `offset`, ascending. */
  range(chatId: string, offset: number, limit: number): MessageRecord[];
  /** Messages with `seq < beforeSeq`: skip `offset` nearest, then take `limit`; ascending. */
  before(chatId: string, beforeSeq: number, offset: number, limit: number): MessageRecord[];
  /** Messages with `seq > afterSeq`, ascending, at most `limit` rows and about `maxBytes` of text. */
  page(chatId: string, afterSeq: number, limit: number, maxBytes: number): MessageRecord[];
  /** `(messageId, revision)` of the first `length` messages, in order. */
  prefix(chatId: string, length: number): Array<{ messageId: string; revision: number }>;
  search(chatId: string, query: SearchQuery): SearchRow[];
  /** Copies every message (and swipe) of `fromChatId` into `toChatId` with fresh message ids. */
  copyAll(fromChatId: string, toChatId: string): void;
}

/** Import staging: messages written under a chat id that has no chat row until publish. */
export interface ImportStaging {
  begin(importId: string, chatId: string, startedAt: number): void;
  /** Publishes in one transaction: inserts the chat row and drops the staging marker. */
  publish(importId: string, chat: ChatRecord): void;
  /** Deletes every staged row of an import. */
  abort(importId: string): void;
  /** Import ids started before `before` (ms) and never published (crashed or evicted uploads). */
  stale(before: number): string[];
}

/** Everything the chat service stores. */
export interface ChatRepository {
  readonly chats: ChatRows;
  readonly messages: MessageRows;
  readonly staging: ImportStaging;
  /** Runs `fn` in one synchronous SQLite transaction. */
  transaction<T>(fn: () => T): T;
}
