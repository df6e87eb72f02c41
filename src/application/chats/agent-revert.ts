/**
 * Undoing one agent commit on the chat (docs/spec/workspace.md §3 "Reverting a commit"): the
 * counterpart of agent-commit.ts, driven by the run's commit ledger. A commit that added a message
 * removes it; one that replaced a message's text or added a swipe writes the message back as it was
 * before the commit (text, swipes, selected swipe, extra) as a new revision. Never touches a message
 * edited since the commit: its revision must still be the one the commit left.
 *
 * Errors: chat.not_found (404); chat.revision_conflict (409, details.current = the message as it is
 * now, or null when it was deleted).
 */
import type { MessageRecord, MessageView } from "../../domain/chats/types";
import { toMessageView } from "../../domain/chats/types";
import { requireChat, revisionConflict, type ChatDeps } from "./chat-context";
import { deleteMessage, saveEdited } from "./chat-messages";

/** What to undo: the message the commit wrote, the revision it left, and its state before (null: it was new). */
export interface AgentRevertInput {
  messageId: string;
  revisionAfter: number;
  before: MessageRecord | null;
}

export type AgentRevertResult =
  | { action: "removed"; messageId: string; chatRevision: number }
  | { action: "restored"; message: MessageView };

export function revertAgentCommit(deps: ChatDeps, chatId: string, input: AgentRevertInput): AgentRevertResult {
  requireChat(deps, chatId);
  const current = deps.repo.messages.byId(chatId, input.messageId);
  if (!current || current.revision !== input.revisionAfter)
    throw revisionConflict(
      current
        ? "The message was edited after the agent committed it, so the commit was not undone."
        : "The message the agent committed was deleted, so there is nothing to undo.",
      current ? toMessageView(current, deps.repo.messages.indexOfSeq(chatId, current.seq)) : null,
    );
  if (input.before === null) {
    const removed = deleteMessage(deps, chatId, input.messageId, input.revisionAfter);
    return { action: "removed", messageId: removed.messageId, chatRevision: removed.chatRevision };
  }
  const restored: MessageRecord = {
    ...input.before,
    chatId,
    seq: current.seq,
    messageId: current.messageId,
    revision: current.revision + 1,
    swipes: input.before.swipes ? [...input.before.swipes] : null,
  };
  return { action: "restored", message: saveEdited(deps, restored) };
}
