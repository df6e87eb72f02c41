/**
 * The run's commit ledger and undoing a commit (docs/spec/workspace.md §3 "Reverting a commit";
 * issue [web-timeline] "Rollback").
 *
 * At commit time the loop stores one ledger document per commit, `commits/<commitId>.json` =
 * `{commitId, chatId, messageId, kind: "append" | "replace" | "swipe", revisionAfter, before,
 * committedAt, revertedAt}` (`before`: the message as it was, null for a new message). Later commits
 * of the same run replace the same message, so each keeps the text the previous one wrote.
 *
 * `revertCommit` undoes one commit on the chat: a new message is removed, a new swipe removed and a
 * replaced or continued message gets its previous text (and swipes, extra) back — only while the
 * message still has the revision the commit left (else `agent.revert_conflict`, 409, details.current
 * = the message now or null). Journals `commit_reverted {commitId, messageId, action}` and
 * marks the ledger entry. Errors: `agent.run_not_found` (404), `agent.run_active` (409, the run is
 * still working), `agent.commit_not_found` (404), `agent.commit_already_reverted` (409),
 * `agent.run_slimmed` (410, the ledger went with the run's documents), `agent.revert_conflict` (409).
 */
import { AppError } from "../../domain/errors";
import type { AgentRunRecord } from "../../domain/agent/run-record";
import { isTerminalStatus } from "../../domain/agent/run-status";
import type { AgentLoopStore } from "../../ports/agent-loop-store";
import type { Clock } from "../../ports/space";
import type { ChatService } from "../chats/chat-service";
import type { AgentRevertResult } from "../chats/agent-revert";
import type { JournalService } from "./journal";
import { commitLedgerDocName, type CommitLedgerDoc } from "./loop/commit-ledger";

export interface CommitRevertDeps {
  runs: { requireWhole(runId: string): AgentRunRecord };
  journal: Pick<JournalService, "append">;
  store: Pick<AgentLoopStore, "getDoc" | "putDoc">;
  chats: Pick<ChatService, "revertAgentCommit">;
  clock: Clock;
}

/** `POST /agent/runs/:runId/commits/:commitId/revert` answer. */
export type CommitRevertResult = { runId: string; commitId: string } & AgentRevertResult;

export function revertCommit(deps: CommitRevertDeps, input: { runId: string; commitId: string }): CommitRevertResult {
  const run = deps.runs.requireWhole(input.runId);
  if (!isTerminalStatus(run.status))
    throw new AppError(
      "agent.run_active",
      "This run is still working; wait until it ends before undoing its commits.",
      {
        current: { status: run.status },
      },
    );
  const name = commitLedgerDocName(input.commitId);
  const text = deps.store.getDoc(input.runId, name);
  if (text === null)
    throw new AppError("agent.commit_not_found", "This run has no such commit.", {
      runId: input.runId,
      commitId: input.commitId.slice(0, 200),
    });
  const ledger = JSON.parse(text) as CommitLedgerDoc;
  if (ledger.revertedAt !== null)
    throw new AppError("agent.commit_already_reverted", "This commit was already undone.", {
      commitId: ledger.commitId,
      revertedAt: new Date(ledger.revertedAt).toISOString(),
    });
  let result: AgentRevertResult;
  try {
    result = deps.chats.revertAgentCommit(ledger.chatId, {
      messageId: ledger.messageId,
      revisionAfter: ledger.revisionAfter,
      before: ledger.before,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "chat.revision_conflict")
      throw new AppError("agent.revert_conflict", error.message, {
        commitId: ledger.commitId,
        messageId: ledger.messageId,
        current: (error.details as { current?: unknown } | undefined)?.current ?? null,
      });
    throw error;
  }
  deps.store.putDoc(input.runId, name, JSON.stringify({ ...ledger, revertedAt: deps.clock.now() }));
  deps.journal.append(input.runId, {
    type: "commit_reverted",
    payload: { commitId: ledger.commitId, messageId: ledger.messageId, action: result.action },
  });
  return { runId: input.runId, commitId: ledger.commitId, ...result };
}
