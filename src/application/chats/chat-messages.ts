/**
 * Message writes: append (optional `afterMessageId` check), edit / swipe selection (optional
 * `ifRevision`), delete (optional `ifRevision`) — issue [chats] "Messages" and "Concurrency".
 * An append does not change the chat revision; a delete does. Each write broadcasts its frame.
 *
 * Errors: chat.not_found, chat.message_not_found (404); chat.revision_conflict (409; for an
 * append `details.current = {lastMessageId, messageCount}`, for an edit/delete the current
 * message); chat.message_text_too_large, chat.message_extra_too_large (413);
 * chat.swipe_not_found (400), chat.too_many_swipes (400).
 */
import { AppError } from "../../domain/errors";
import { newMessageId } from "../../domain/chats/ids";
import { checkExtraSize, checkMessageText, checkSwipeCount } from "../../domain/chats/limits";
import {
  toMessageView,
  type ChatRole,
  type JsonObject,
  type MessageRecord,
  type MessageView,
} from "../../domain/chats/types";
import {
  broadcastMessageAdded,
  broadcastMessageRemoved,
  broadcastMessageUpdated,
  chatPersona,
  requireChat,
  requireMessage,
  revisionConflict,
  type ChatDeps,
} from "./chat-context";

/** Input of an append (docs/spec/chats.md §2, `POST /chats/:chatId/messages`, plus tool fields). */
export interface AppendMessageInput {
  role: ChatRole;
  name?: string;
  text: string;
  extra?: JsonObject;
  toolCalls?: JsonObject[];
  toolCallId?: string;
  /** The last message the writer saw; `null` = it saw an empty chat; absent = no check. */
  afterMessageId?: string | null;
}

/** Input of an edit; every field is optional. `swipeId` selects a swipe, `addSwipe` appends and selects one. */
export interface EditMessageInput {
  ifRevision?: number;
  text?: string;
  name?: string;
  extra?: JsonObject;
  swipeId?: number;
  addSwipe?: string;
}

function defaultName(role: ChatRole, characterName: string | undefined, personaName: string | undefined): string {
  if (role === "user") return personaName ?? "User";
  if (role === "assistant") return characterName ?? "Assistant";
  return role === "system" ? "System" : "Tool";
}

/** Appends one message at the end of the chat. */
export function appendMessage(deps: ChatDeps, chatId: string, input: AppendMessageInput): MessageView {
  const chat = requireChat(deps, chatId);
  if (input.afterMessageId !== undefined) {
    const last = deps.repo.messages.last(chatId);
    if ((last?.messageId ?? null) !== input.afterMessageId) {
      throw revisionConflict("New messages arrived in this chat since you last read it; reload and try again.", {
        lastMessageId: last?.messageId ?? null,
        messageCount: chat.messageCount,
        ...(last ? { lastMessage: toMessageView(last, chat.messageCount - 1) } : {}),
      });
    }
  }
  checkMessageText(input.text);
  const extra = input.extra ?? {};
  checkExtraSize(JSON.stringify(extra).length + (input.toolCalls ? JSON.stringify(input.toolCalls).length : 0));
  const now = deps.clock.now();
  const message: MessageRecord = {
    chatId,
    seq: deps.repo.messages.nextSeq(chatId),
    messageId: newMessageId(),
    revision: 1,
    role: input.role,
    name: input.name ?? defaultName(input.role, chat.character?.name, chatPersona(deps, chat)?.name),
    text: input.text,
    sendDate: new Date(now).toISOString(),
    swipes: null,
    swipeId: null,
    toolCalls: input.toolCalls ?? null,
    toolCallId: input.toolCallId ?? null,
    extra,
    raw: null,
  };
  return insertAtEnd(deps, message);
}

/** Inserts `message` (its seq already chosen) and bumps the chat's count; broadcasts. */
export function insertAtEnd(deps: ChatDeps, message: MessageRecord): MessageView {
  const chat = requireChat(deps, message.chatId);
  const next = { ...chat, messageCount: chat.messageCount + 1, updatedAt: deps.clock.now() };
  deps.repo.transaction(() => {
    deps.repo.messages.insert(message);
    deps.repo.chats.update(next);
  });
  const index = next.messageCount - 1;
  broadcastMessageAdded(deps, message, index, next.messageCount);
  return toMessageView(message, index);
}

/** Writes an updated message (revision already bumped) and touches the chat; broadcasts. */
export function saveEdited(deps: ChatDeps, message: MessageRecord): MessageView {
  const chat = requireChat(deps, message.chatId);
  deps.repo.transaction(() => {
    deps.repo.messages.update(message);
    deps.repo.chats.update({ ...chat, updatedAt: deps.clock.now() });
  });
  const index = deps.repo.messages.indexOfSeq(message.chatId, message.seq);
  broadcastMessageUpdated(deps, message, index);
  return toMessageView(message, index);
}

/** Throws `chat.revision_conflict` when `ifRevision` is given and stale. */
export function checkRevision(deps: ChatDeps, message: MessageRecord, ifRevision: number | undefined): void {
  if (ifRevision === undefined || ifRevision === message.revision) return;
  const index = deps.repo.messages.indexOfSeq(message.chatId, message.seq);
  throw revisionConflict(
    "This message was changed on another device; reload it and try again.",
    toMessageView(message, index),
  );
}

/** Applies text/name/extra edits and swipe changes; +1 revision. */
export function editMessage(deps: ChatDeps, chatId: string, messageId: string, input: EditMessageInput): MessageView {
  requireChat(deps, chatId);
  const current = requireMessage(deps, chatId, messageId);
  checkRevision(deps, current, input.ifRevision);
  const next: MessageRecord = {
    ...current,
    revision: current.revision + 1,
    swipes: current.swipes ? [...current.swipes] : null,
  };
  if (input.name !== undefined) next.name = input.name;
  if (input.extra !== undefined) {
    checkExtraSize(JSON.stringify(input.extra).length + (next.raw ? JSON.stringify(next.raw).length : 0));
    next.extra = input.extra;
    next.extraJson = undefined;
  }
  if (input.addSwipe !== undefined) addSwipe(next, input.addSwipe);
  if (input.swipeId !== undefined) selectSwipe(next, input.swipeId);
  if (input.text !== undefined) setText(next, input.text);
  return saveEdited(deps, next);
}

/** Replaces the text; with swipes, the selected swipe changes too (SillyTavern semantics). */
export function setText(message: MessageRecord, text: string): void {
  checkMessageText(text);
  message.text = text;
  if (message.swipes) message.swipes[message.swipeId ?? 0] = text;
}

/** Appends a swipe and selects it (a message without swipes first gets its text as swipe 0). */
export function addSwipe(message: MessageRecord, text: string): void {
  checkMessageText(text, "swipe");
  const swipes = message.swipes ?? [message.text];
  checkSwipeCount(swipes.length + 1);
  message.swipes = [...swipes, text];
  message.swipeId = message.swipes.length - 1;
  message.text = text;
}

/** Selects swipe `swipeId` (0-based) → `chat.swipe_not_found` when out of range. */
export function selectSwipe(message: MessageRecord, swipeId: number): void {
  if (!message.swipes || swipeId < 0 || swipeId >= message.swipes.length) {
    throw new AppError("chat.swipe_not_found", `This message has no swipe number ${swipeId}.`, {
      swipeCount: message.swipes?.length ?? 0,
    });
  }
  message.swipeId = swipeId;
  message.text = message.swipes[swipeId]!;
}

/** Deletes a message; +1 chat revision. */
export function deleteMessage(
  deps: ChatDeps,
  chatId: string,
  messageId: string,
  ifRevision?: number,
): { messageId: string; deleted: true; chatRevision: number } {
  const chat = requireChat(deps, chatId);
  const current = requireMessage(deps, chatId, messageId);
  checkRevision(deps, current, ifRevision);
  const next = {
    ...chat,
    revision: chat.revision + 1,
    messageCount: chat.messageCount - 1,
    updatedAt: deps.clock.now(),
  };
  deps.repo.transaction(() => {
    deps.repo.messages.delete(chatId, messageId);
    deps.repo.chats.update(next);
  });
  broadcastMessageRemoved(deps, next, messageId);
  return { messageId, deleted: true, chatRevision: next.revision };
}
