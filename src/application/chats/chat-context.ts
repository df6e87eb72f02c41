/**
 * What every chat use case needs, and the frames it broadcasts (docs/spec/hosted.md §7):
 * `chat.changed {chatId, chat}` (or `{chatId, removed: true}`), `chat.message_added {chatId,
 * message, messageCount}`, `chat.message_updated {chatId, message}`, `chat.message_removed
 * {chatId, messageId, chatRevision, messageCount}`, each to every socket of the user.
 */
import { AppError } from "../../domain/errors";
import { toChatView, toMessageView, type ChatRecord, type MessageRecord, type Persona } from "../../domain/chats/types";
import type { ChatRepository } from "../../ports/chat-repository";
import type { Clock, SocketHub } from "../../ports/space";

/** Dependencies of the chat use cases. */
export interface ChatDeps {
  repo: ChatRepository;
  clock: Clock;
  sockets: SocketHub;
  /** The user's persona (`GET /settings`), or null; absent in tests that need none. */
  userPersona?: () => Persona | null;
}

/**
 * The persona a chat plays under (docs/spec/chats.md "Personas"): the chat's own, else the
 * user's, else null.
 */
export function chatPersona(deps: ChatDeps, chat: ChatRecord): Persona | null {
  return chat.persona ?? deps.userPersona?.() ?? null;
}

/** The chat or `chat.not_found` (404). */
export function requireChat(deps: ChatDeps, chatId: string): ChatRecord {
  const chat = deps.repo.chats.get(chatId);
  if (!chat)
    throw new AppError("chat.not_found", "This chat does not exist (it may have been deleted on another device).", {
      chatId,
    });
  return chat;
}

/** The message or `chat.message_not_found` (404). */
export function requireMessage(deps: ChatDeps, chatId: string, messageId: string): MessageRecord {
  const message = deps.repo.messages.byId(chatId, messageId);
  if (!message)
    throw new AppError(
      "chat.message_not_found",
      "This message does not exist in the chat (it may have been deleted).",
      { chatId, messageId },
    );
  return message;
}

/** `chat.revision_conflict` (409) with the current state in `details.current`. */
export function revisionConflict(message: string, current: unknown): AppError {
  return new AppError("chat.revision_conflict", message, { current });
}

export function broadcastChat(deps: ChatDeps, chat: ChatRecord): void {
  deps.sockets.broadcast({ type: "chat.changed", chatId: chat.id, chat: toChatView(chat) });
}

export function broadcastChatRemoved(deps: ChatDeps, chatId: string): void {
  deps.sockets.broadcast({ type: "chat.changed", chatId, removed: true });
}

export function broadcastMessageAdded(
  deps: ChatDeps,
  message: MessageRecord,
  index: number,
  messageCount: number,
): void {
  deps.sockets.broadcast({
    type: "chat.message_added",
    chatId: message.chatId,
    message: toMessageView(message, index),
    messageCount,
  });
}

export function broadcastMessageUpdated(deps: ChatDeps, message: MessageRecord, index: number): void {
  deps.sockets.broadcast({
    type: "chat.message_updated",
    chatId: message.chatId,
    message: toMessageView(message, index),
  });
}

export function broadcastMessageRemoved(deps: ChatDeps, chat: ChatRecord, messageId: string): void {
  deps.sockets.broadcast({
    type: "chat.message_removed",
    chatId: chat.id,
    messageId,
    chatRevision: chat.revision,
    messageCount: chat.messageCount,
  });
}
