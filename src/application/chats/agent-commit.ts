/**
 * The agent runtime's commit primitive (issue [chats] "Concurrency"; docs/spec/workspace.md §3, docs/spec/tool-system.md §2
 * `workspace.commit`). A run freezes its input prefix (`freezePrefix`) when it starts; its commit
 * then checks only that prefix and, for replace/swipe, the target message's revision, so
 * unrelated appends by another device during the run never make the commit fail.
 *
 * Actions: `append` a new assistant message at the end; `replace` the text of a message; `swipe`
 * (add an alternative text to a message and select it). The agent metadata is stored at
 * `extra.tauritavern.agent` of the written message (other `extra` keys are kept).
 *
 * Errors: chat.not_found (404); chat.revision_conflict (409, details.current = {prefix:
 * {length, digest} as it is now, messageCount, message: the target as it is now, or null when it
 * was deleted}); chat.message_text_too_large, chat.message_extra_too_large (413);
 * chat.too_many_swipes (400).
 */
import { newMessageId } from "../../domain/chats/ids";
import { checkExtraSize, checkMessageText } from "../../domain/chats/limits";
import type { FrozenPrefix } from "../../domain/chats/prefix";
import { toMessageView, type JsonObject, type MessageRecord, type MessageView } from "../../domain/chats/types";
import { requireChat, revisionConflict, type ChatDeps } from "./chat-context";
import { addSwipe, insertAtEnd, saveEdited, setText } from "./chat-messages";
import { currentPrefix } from "./chat-reads";

/** What the commit writes. */
export type AgentCommitAction =
  | { kind: "append"; text: string; name?: string }
  | { kind: "replace"; messageId: string; ifRevision: number; text: string }
  | { kind: "swipe"; messageId: string; ifRevision: number; text: string };

/** Input of `commitAgentMessage`. `agent` is stored at `extra.tauritavern.agent`. */
export interface AgentCommitInput {
  frozenPrefix: FrozenPrefix;
  action: AgentCommitAction;
  agent: JsonObject;
}

/**
 * Result: the written message (with its index at commit time), the chat's revision, and the target
 * as it was before the commit (null for `append`) — what the run's commit ledger keeps so the commit
 * can be undone (agent-revert.ts).
 */
export interface AgentCommitResult {
  message: MessageView;
  chatRevision: number;
  previous: MessageRecord | null;
}

function withAgentMeta(extra: JsonObject, agent: JsonObject): JsonObject {
  const tauritavern =
    typeof extra.tauritavern === "object" && extra.tauritavern !== null && !Array.isArray(extra.tauritavern)
      ? { ...(extra.tauritavern as JsonObject) }
      : {};
  tauritavern.agent = agent;
  const next = { ...extra, tauritavern };
  checkExtraSize(JSON.stringify(next).length);
  return next;
}

export function commitAgentMessage(deps: ChatDeps, chatId: string, input: AgentCommitInput): AgentCommitResult {
  const chat = requireChat(deps, chatId);
  const prefix = currentPrefix(deps, chatId, input.frozenPrefix.length);
  const action = input.action;
  const target: MessageRecord | null =
    action.kind === "append" ? null : deps.repo.messages.byId(chatId, action.messageId);
  const prefixChanged = prefix.length !== input.frozenPrefix.length || prefix.digest !== input.frozenPrefix.digest;
  const targetChanged = action.kind !== "append" && (!target || target.revision !== action.ifRevision);
  if (prefixChanged || targetChanged) {
    throw revisionConflict(
      prefixChanged
        ? "Messages this run read were edited or deleted while it ran; its output was not saved."
        : "The message this run writes to was changed or deleted while it ran; its output was not saved.",
      {
        prefix,
        messageCount: chat.messageCount,
        ...(action.kind === "append"
          ? {}
          : { message: target ? toMessageView(target, deps.repo.messages.indexOfSeq(chatId, target.seq)) : null }),
      },
    );
  }
  checkMessageText(action.text);
  if (action.kind === "append") {
    const message: MessageRecord = {
      chatId,
      seq: deps.repo.messages.nextSeq(chatId),
      messageId: newMessageId(),
      revision: 1,
      role: "assistant",
      name: action.name ?? chat.character?.name ?? "Assistant",
      text: action.text,
      sendDate: new Date(deps.clock.now()).toISOString(),
      swipes: null,
      swipeId: null,
      toolCalls: null,
      toolCallId: null,
      extra: withAgentMeta({}, input.agent),
      raw: null,
    };
    const view = insertAtEnd(deps, message);
    return { message: view, chatRevision: chat.revision, previous: null };
  }
  const next: MessageRecord = {
    ...target!,
    revision: target!.revision + 1,
    swipes: target!.swipes ? [...target!.swipes] : null,
  };
  next.extra = withAgentMeta(next.extra, input.agent);
  next.extraJson = undefined;
  if (action.kind === "swipe") addSwipe(next, action.text);
  else setText(next, action.text);
  return { message: saveEdited(deps, next), chatRevision: chat.revision, previous: target! };
}
