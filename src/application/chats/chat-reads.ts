/**
 * Windowed message reads, reads by index (one or a batch), counts and frozen-prefix fingerprints
 * (issue [chats] "Messages"; the agent's `chat.read_messages`, docs/spec/tool-system.md §2, reads
 * through the same functions).
 *
 * A window is `limit` messages starting `offset` from the start (default), from the end
 * (`fromEnd`), or just before `beforeMessageId`; the result is always in chat order with each
 * message's 0-based `index`, plus `total`.
 *
 * Errors: chat.not_found, chat.message_not_found (404), chat.invalid_message_range (400).
 */
import { AppError } from "../../domain/errors";
import { prefixDigest, type FrozenPrefix } from "../../domain/chats/prefix";
import { toMessageView, type MessageView } from "../../domain/chats/types";
import type { MessageWindow } from "../../contracts/chat-views";
import { requireChat, requireMessage, type ChatDeps } from "./chat-context";
import { MessageBatch } from "./message-batch";

/** Largest window, messages. */
export const MAX_WINDOW = 200;

/** A window request; defaults `offset = 0`, `limit = 50`, `fromEnd = false`. */
export interface WindowQuery {
  offset?: number;
  limit?: number;
  fromEnd?: boolean;
  beforeMessageId?: string;
}

export type { MessageWindow };

export function readWindow(deps: ChatDeps, chatId: string, query: WindowQuery): MessageWindow {
  const chat = requireChat(deps, chatId);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 50;
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > MAX_WINDOW) {
    throw new AppError("chat.invalid_message_range", `offset must be ≥ 0 and limit 1 to ${MAX_WINDOW}.`, {
      maxLimit: MAX_WINDOW,
    });
  }
  const total = chat.messageCount;
  if (query.beforeMessageId !== undefined) {
    const anchor = requireMessage(deps, chatId, query.beforeMessageId);
    const anchorIndex = deps.repo.messages.indexOfSeq(chatId, anchor.seq);
    const rows = deps.repo.messages.before(chatId, anchor.seq, offset, limit);
    const first = anchorIndex - offset - rows.length;
    return { messages: rows.map((row, i) => toMessageView(row, first + i)), total };
  }
  if (query.fromEnd) {
    const end = total - offset;
    if (end <= 0) return { messages: [], total };
    const start = Math.max(0, end - limit);
    const rows = deps.repo.messages.range(chatId, start, end - start);
    return { messages: rows.map((row, i) => toMessageView(row, start + i)), total };
  }
  const rows = deps.repo.messages.range(chatId, offset, limit);
  return { messages: rows.map((row, i) => toMessageView(row, offset + i)), total };
}

/** One message by id, with its current index. */
export function getMessage(deps: ChatDeps, chatId: string, messageId: string): MessageView {
  requireChat(deps, chatId);
  const message = requireMessage(deps, chatId, messageId);
  return toMessageView(message, deps.repo.messages.indexOfSeq(chatId, message.seq));
}

/** The message at 0-based `index` → `chat.message_not_found` when out of range. */
export function messageAt(deps: ChatDeps, chatId: string, index: number): MessageView {
  return messagesAt(deps, chatId, [index]).at(index);
}

/**
 * The messages at 0-based `indices` (any order, repeats allowed), read together: the chat once,
 * then one `range` query per run of consecutive indices within the chat (0 and 1 → one query of 2
 * rows; 0 and 2 → two queries). Indices outside the chat are not read; the batch's `at(index)`
 * throws the same `chat.message_not_found` for them as `messageAt`. Errors: chat.not_found.
 */
export function messagesAt(deps: ChatDeps, chatId: string, indices: Iterable<number>): MessageBatch {
  const total = requireChat(deps, chatId).messageCount;
  const wanted = [...new Set(indices)]
    .filter((index) => Number.isInteger(index) && index >= 0 && index < total)
    .sort((a, b) => a - b);
  const views = new Map<number, MessageView>();
  for (let from = 0; from < wanted.length; ) {
    let to = from + 1;
    while (to < wanted.length && wanted[to] === wanted[to - 1]! + 1) to += 1;
    const first = wanted[from]!;
    deps.repo.messages.range(chatId, first, to - from).forEach((row, i) => {
      views.set(first + i, toMessageView(row, first + i));
    });
    from = to;
  }
  return new MessageBatch(total, views);
}

/** Number of messages in the chat. */
export function countMessages(deps: ChatDeps, chatId: string): number {
  return requireChat(deps, chatId).messageCount;
}

/** Fingerprint of the first `length` messages (default: all); `length` is clamped to the count. */
export function freezePrefix(deps: ChatDeps, chatId: string, length?: number): FrozenPrefix {
  const chat = requireChat(deps, chatId);
  const wanted = Math.min(Math.max(length ?? chat.messageCount, 0), chat.messageCount);
  return currentPrefix(deps, chatId, wanted);
}

/** Fingerprint of the first `length` messages as they are now (fewer when the chat is shorter). */
export function currentPrefix(deps: ChatDeps, chatId: string, length: number): FrozenPrefix {
  const entries = length > 0 ? deps.repo.messages.prefix(chatId, length) : [];
  return { length: entries.length, digest: prefixDigest(entries) };
}
