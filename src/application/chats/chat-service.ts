/**
 * ChatService: the one entry point to a user's chats (issue [chats]; docs/api.md →
 * Chats). The HTTP ops and the agent runtime (inside the same Durable Object) call these methods;
 * each delegates to one use-case file. Every method except `importChat` is synchronous, so a
 * read-check-write (e.g. an agent commit) runs without other requests interleaving.
 *
 * Every change broadcasts frames to all of the user's sockets: `chat.changed`,
 * `chat.message_added`, `chat.message_updated`, `chat.message_removed` (see chat-context.ts).
 *
 * Common errors: chat.not_found (404), chat.message_not_found (404), chat.revision_conflict (409
 * with details.current), chat.title_invalid (400), chat.message_text_too_large (413).
 */
import type { FrozenPrefix } from "../../domain/chats/prefix";
import { toChatView, type ChatView, type MessageView } from "../../domain/chats/types";
import { commitAgentMessage, type AgentCommitInput, type AgentCommitResult } from "./agent-commit";
import { revertAgentCommit, type AgentRevertInput, type AgentRevertResult } from "./agent-revert";
import {
  createChat,
  deleteChat,
  duplicateChat,
  listChats,
  updateChat,
  type ChatPage,
  type CreateChatInput,
  type UpdateChatInput,
} from "./chat-catalog";
import { requireChat, type ChatDeps } from "./chat-context";
import { exportChat } from "./chat-export";
import { postGreeting } from "./chat-greeting";
import { importChat, type ImportOptions } from "./chat-import";
import {
  appendMessage,
  deleteMessage,
  editMessage,
  type AppendMessageInput,
  type EditMessageInput,
} from "./chat-messages";
import {
  countMessages,
  freezePrefix,
  getMessage,
  messageAt,
  messagesAt,
  readWindow,
  type MessageWindow,
  type WindowQuery,
} from "./chat-reads";
import { searchChat, type SearchHit, type SearchOptions } from "./chat-search";
import type { MessageBatch } from "./message-batch";

export class ChatService {
  constructor(private readonly deps: ChatDeps) {}

  /** Creates a chat (`revision` 1, no messages). Errors: chat.title_invalid. */
  createChat(input: CreateChatInput): ChatView {
    return createChat(this.deps, input);
  }

  /** Chats newest first (by creation); `limit` 1..200 (default 50); `nextCursor` when more. Errors: chat.cursor_invalid. */
  listChats(options: { cursor?: string; limit?: number } = {}): ChatPage {
    return listChats(this.deps, options);
  }

  /** One chat. Errors: chat.not_found. */
  getChat(chatId: string): ChatView {
    return toChatView(requireChat(this.deps, chatId));
  }

  /** Rename / change card or system prompt; +1 chat revision; optional `ifRevision` check. */
  updateChat(chatId: string, input: UpdateChatInput): ChatView {
    return updateChat(this.deps, chatId, input);
  }

  /** Deletes a chat with all its messages. */
  deleteChat(chatId: string): { id: string; deleted: true } {
    return deleteChat(this.deps, chatId);
  }

  /** Copies a chat and all its messages (new chat id, new message ids). Default title "<title> (copy)". */
  duplicateChat(chatId: string, title?: string): ChatView {
    return duplicateChat(this.deps, chatId, title);
  }

  /**
   * A window of messages in chat order with `total`: `{offset, limit}` from the start, from the
   * end with `fromEnd: true`, or the `limit` messages before `beforeMessageId` (then `offset`
   * skips that many nearer ones). `limit` 1..200 (default 50). Errors: chat.invalid_message_range,
   * chat.message_not_found (unknown `beforeMessageId`).
   */
  readMessages(chatId: string, query: WindowQuery = {}): MessageWindow {
    return readWindow(this.deps, chatId, query);
  }

  /** One message by id, with its current 0-based index. */
  getMessage(chatId: string, messageId: string): MessageView {
    return getMessage(this.deps, chatId, messageId);
  }

  /** The message at 0-based `index` (the agent's `chat.read_messages` addressing). */
  messageAt(chatId: string, index: number): MessageView {
    return messageAt(this.deps, chatId, index);
  }

  /**
   * The messages at 0-based `indices` in one batch: the chat is read once and each run of
   * consecutive indices with one query; `at(index)` answers as `messageAt` would (the agent's
   * `chat.search` and `chat.read_messages`, docs/spec/tool-system.md §2.1–§2.2). Errors:
   * chat.not_found; `at` → chat.message_not_found.
   */
  messagesAt(chatId: string, indices: Iterable<number>): MessageBatch {
    return messagesAt(this.deps, chatId, indices);
  }

  /** Number of messages. */
  countMessages(chatId: string): number {
    return countMessages(this.deps, chatId);
  }

  /**
   * Plain-text search (instr(), ASCII case-insensitive), most recent hits first, each with a
   * snippet of ±80 chars. `limit` 1..50 (default 20); `role`, `startIndex`/`endIndex` (inclusive)
   * and `scanLimit` (most recent N messages) narrow the scan — an agent passes
   * `endIndex = frozenPrefix.length - 1` to search only its input. Errors: chat.invalid_search_query.
   */
  search(chatId: string, options: SearchOptions): { hits: SearchHit[] } {
    return searchChat(this.deps, chatId, options);
  }

  /**
   * Appends a message. With `afterMessageId` (the last message the writer saw; `null` = empty
   * chat) a mismatch is chat.revision_conflict with `details.current = {lastMessageId,
   * messageCount, lastMessage?}`. Does not change the chat revision.
   */
  appendMessage(chatId: string, input: AppendMessageInput): MessageView {
    return appendMessage(this.deps, chatId, input);
  }

  /**
   * Edits text / name / extra, adds (`addSwipe`) or selects (`swipeId`) a swipe; +1 message
   * revision. A stale `ifRevision` is chat.revision_conflict with the current message in
   * `details.current`. Errors: chat.swipe_not_found.
   */
  editMessage(chatId: string, messageId: string, input: EditMessageInput): MessageView {
    return editMessage(this.deps, chatId, messageId, input);
  }

  /** Deletes a message (+1 chat revision); optional `ifRevision` as for edits. */
  deleteMessage(
    chatId: string,
    messageId: string,
    ifRevision?: number,
  ): { messageId: string; deleted: true; chatRevision: number } {
    return deleteMessage(this.deps, chatId, messageId, ifRevision);
  }

  /**
   * Freezes a run's input: the fingerprint of the first `length` messages (default all; clamped
   * to the count). Store it with the run and pass it to `commitAgentMessage`.
   */
  freezePrefix(chatId: string, length?: number): FrozenPrefix {
    return freezePrefix(this.deps, chatId, length);
  }

  /**
   * The agent commit: checks the frozen prefix and (for replace/swipe) the target's revision,
   * then appends an assistant message, replaces a message's text, or adds and selects a swipe,
   * writing `input.agent` at `extra.tauritavern.agent`. Changed prefix or target →
   * chat.revision_conflict, `details.current = {prefix, messageCount, message?}`.
   */
  commitAgentMessage(chatId: string, input: AgentCommitInput): AgentCommitResult {
    return commitAgentMessage(this.deps, chatId, input);
  }

  /** Posts a character's greeting (first message, greetings as swipes); see chat-greeting.ts. */
  postGreeting(chatId: string, input: { name: string; greetings: string[] }): MessageView {
    return postGreeting(this.deps, chatId, input);
  }

  /**
   * Undoes one agent commit from its ledger entry (agent-revert.ts): removes the message it added, or
   * writes back the message as it was. Errors: chat.not_found, chat.revision_conflict (edited since).
   */
  revertAgentCommit(chatId: string, input: AgentRevertInput): AgentRevertResult {
    return revertAgentCommit(this.deps, chatId, input);
  }

  /** Imports a SillyTavern JSONL byte stream (≤ 50 MB) into a new chat; all or nothing. */
  importChat(source: ReadableStream<Uint8Array>, options: ImportOptions = {}): Promise<ChatView> {
    return importChat(this.deps, source, options);
  }

  /** Exports a chat as a SillyTavern JSONL byte stream plus a file name. */
  exportChat(chatId: string): { fileName: string; stream: ReadableStream<Uint8Array> } {
    return exportChat(this.deps, chatId);
  }
}
