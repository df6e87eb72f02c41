/**
 * The run's commit ledger (docs/spec/workspace.md §3.1.1): one hidden document per commit,
 * `commits/<commitId>.json`, written by the commit tool in the same synchronous section as the
 * commit, read by ../commit-revert.ts to undo it.
 */
import type { MessageRecord } from "../../../domain/chats/types";
import type { AgentLoopStore } from "../../../ports/agent-loop-store";

/** One commit as the ledger keeps it. */
export interface CommitLedgerDoc {
  commitId: string;
  chatId: string;
  messageId: string;
  kind: "append" | "replace" | "swipe";
  revisionAfter: number;
  before: MessageRecord | null;
  committedAt: number;
  revertedAt: number | null;
}

export const commitLedgerDocName = (commitId: string) => `commits/${commitId}.json`;

/** Stores the ledger entry of a commit that just succeeded (same synchronous section as the commit). */
export function recordCommitLedger(store: Pick<AgentLoopStore, "putDoc">, runId: string, doc: CommitLedgerDoc): void {
  store.putDoc(runId, commitLedgerDocName(doc.commitId), JSON.stringify(doc));
}
