/**
 * Chat writes of a generation (docs/spec/generation.md "Saving"): each in one SQLite transaction,
 * frames broadcast after it commits (`chat.message_added` / `chat.message_updated` /
 * `chat.message_removed`, as every other chat write).
 *
 * - `saveToolBatch`: the assistant message with `toolCalls[]` then one `tool` row per call, or,
 *   for the first round of a continue, the continued message gets the text and the calls.
 * - `saveReply`: the final assistant text by target: append a message; replace (regenerate: the
 *   old reply is deleted and the new one appended, so tool rows saved while regenerating stand
 *   before it); swipe (the old reply moves after those tool rows and gains a selected swipe); or
 *   continue (text appended to the message).
 *
 * Errors: chat.not_found, chat.message_not_found (404), chat.message_text_too_large (413),
 * chat.too_many_swipes (400).
 */
import { newMessageId } from "../../domain/chats/ids";
import { checkMessageText } from "../../domain/chats/limits";
import type { JsonObject, MessageRecord } from "../../domain/chats/types";
import {
  broadcastMessageAdded,
  broadcastMessageRemoved,
  broadcastMessageUpdated,
  requireChat,
  requireMessage,
  type ChatDeps,
} from "./chat-context";
import { addSwipe } from "./chat-messages";

/** One assistant message to write. */
export interface AssistantDraft {
  text: string;
  extra: JsonObject;
  toolCalls?: JsonObject[];
}

/** One tool row: answers `toolCallId`, holds the bounded outcome JSON. */
export interface ToolRowDraft {
  toolCallId: string;
  name: string;
  text: string;
  extra: JsonObject;
}

/** Where a reply goes (see file docstring). */
export type ReplyTarget =
  | { kind: "append" }
  | { kind: "replace"; messageId: string }
  | { kind: "swipe"; messageId: string }
  | { kind: "continue"; messageId: string };

function draftRecord(deps: ChatDeps, chatId: string, seq: number, fields: Partial<MessageRecord>): MessageRecord {
  return {
    chatId,
    seq,
    messageId: newMessageId(),
    revision: 1,
    role: "assistant",
    name: "Assistant",
    text: "",
    sendDate: new Date(deps.clock.now()).toISOString(),
    swipes: null,
    swipeId: null,
    toolCalls: null,
    toolCallId: null,
    extra: {},
    raw: null,
    ...fields,
  };
}

/** Saves one complete tool batch atomically. Returns the ids written (assistant first). */
export function saveToolBatch(
  deps: ChatDeps,
  chatId: string,
  assistant: AssistantDraft,
  tools: ToolRowDraft[],
  continueMessageId?: string,
): string[] {
  const chat = requireChat(deps, chatId);
  const assistantName = chat.character?.name ?? "Assistant";
  const inserted: MessageRecord[] = [];
  let updated: MessageRecord | null = null;
  for (const tool of tools) checkMessageText(tool.text);
  deps.repo.transaction(() => {
    if (continueMessageId) {
      const target = requireMessage(deps, chatId, continueMessageId);
      updated = { ...target, revision: target.revision + 1, swipes: target.swipes ? [...target.swipes] : null };
      const text = target.text + assistant.text;
      checkMessageText(text);
      updated.text = text;
      if (updated.swipes) updated.swipes[updated.swipeId ?? 0] = text;
      updated.toolCalls = assistant.toolCalls ?? null;
      updated.extra = { ...target.extra, ...assistant.extra };
      updated.extraJson = undefined;
      deps.repo.messages.update(updated);
    } else {
      checkMessageText(assistant.text);
      const record = draftRecord(deps, chatId, deps.repo.messages.nextSeq(chatId), {
        name: assistantName,
        text: assistant.text,
        toolCalls: assistant.toolCalls ?? null,
        extra: assistant.extra,
      });
      deps.repo.messages.insert(record);
      inserted.push(record);
    }
    for (const tool of tools) {
      const record = draftRecord(deps, chatId, deps.repo.messages.nextSeq(chatId), {
        role: "tool",
        name: tool.name,
        text: tool.text,
        toolCallId: tool.toolCallId,
        extra: tool.extra,
      });
      deps.repo.messages.insert(record);
      inserted.push(record);
    }
    deps.repo.chats.update({ ...chat, messageCount: chat.messageCount + inserted.length, updatedAt: deps.clock.now() });
  });
  if (updated) {
    const u = updated as MessageRecord;
    broadcastMessageUpdated(deps, u, deps.repo.messages.indexOfSeq(chatId, u.seq));
  }
  const count = chat.messageCount + inserted.length;
  inserted.forEach((record, i) => broadcastMessageAdded(deps, record, chat.messageCount + i, count));
  return [...(updated ? [(updated as MessageRecord).messageId] : []), ...inserted.map((r) => r.messageId)];
}

/** Saves the reply by target (see file docstring). Returns the id of the message holding it. */
export function saveReply(deps: ChatDeps, chatId: string, target: ReplyTarget, reply: AssistantDraft): string {
  const chat = requireChat(deps, chatId);
  checkMessageText(reply.text);
  if (target.kind === "append" || target.kind === "replace") {
    const old = target.kind === "replace" ? deps.repo.messages.byId(chatId, target.messageId) : null;
    const record = draftRecord(deps, chatId, 0, {
      name: chat.character?.name ?? "Assistant",
      text: reply.text,
      extra: reply.extra,
    });
    const removedCount = old ? 1 : 0;
    const next = { ...chat, messageCount: chat.messageCount + 1 - removedCount, updatedAt: deps.clock.now() };
    if (old) next.revision = chat.revision + 1;
    deps.repo.transaction(() => {
      if (old) deps.repo.messages.delete(chatId, old.messageId);
      record.seq = deps.repo.messages.nextSeq(chatId);
      deps.repo.messages.insert(record);
      deps.repo.chats.update(next);
    });
    if (old) broadcastMessageRemoved(deps, { ...next, messageCount: next.messageCount - 1 }, old.messageId);
    broadcastMessageAdded(deps, record, next.messageCount - 1, next.messageCount);
    return record.messageId;
  }
  const current = requireMessage(deps, chatId, target.messageId);
  const next: MessageRecord = {
    ...current,
    revision: current.revision + 1,
    swipes: current.swipes ? [...current.swipes] : null,
    extra: { ...current.extra, ...reply.extra },
    extraJson: undefined,
  };
  // A new alternative's reasoning is its own: one that came without any does not inherit the
  // previous alternative's (docs/spec/web-chat.md §2).
  if (target.kind === "swipe" && !("reasoning" in reply.extra)) delete next.extra.reasoning;
  if (target.kind === "swipe") addSwipe(next, reply.text);
  else {
    const text = current.text + reply.text;
    checkMessageText(text);
    next.text = text;
    if (next.swipes) next.swipes[next.swipeId ?? 0] = text;
  }
  deps.repo.transaction(() => {
    const moving = target.kind === "swipe" && deps.repo.messages.last(chatId)?.messageId !== current.messageId;
    if (moving) next.seq = deps.repo.messages.moveToEnd(chatId, current.messageId);
    deps.repo.messages.update(next);
    deps.repo.chats.update({ ...chat, updatedAt: deps.clock.now() });
  });
  const index = deps.repo.messages.indexOfSeq(chatId, next.seq);
  if (next.seq !== current.seq) {
    // Moved after tool rows: devices drop it and add it again at its new place.
    broadcastMessageRemoved(deps, { ...chat, messageCount: chat.messageCount - 1 }, current.messageId);
    broadcastMessageAdded(deps, next, index, chat.messageCount);
  } else broadcastMessageUpdated(deps, next, index);
  return next.messageId;
}
