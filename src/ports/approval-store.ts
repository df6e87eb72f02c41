/**
 * Port: stored tool-call approvals (docs/spec/approvals.md), SQLite `te_approvals` (schema v19).
 */
import type { ApprovalDecider, ApprovalDecision, ApprovalRecord, ApprovalStatus } from "../domain/approvals/approval";

export interface ApprovalStore {
  insert(record: ApprovalRecord): void;
  get(id: string): ApprovalRecord | null;
  /** Approvals with `status` (all when omitted), oldest request first, at most `limit` (default 200). */
  list(status?: ApprovalStatus, limit?: number): ApprovalRecord[];
  /** Pending approvals of one run (any invocation) or one generation, oldest first. */
  pendingFor(holder: { runId: string } | { generationId: string }): ApprovalRecord[];
  /**
   * Ends a pending approval (compare-and-set on `status = 'pending'`): true when this call ended
   * it, false when it had already ended (the first decision wins).
   */
  resolve(
    id: string,
    status: Exclude<ApprovalStatus, "pending">,
    decision: ApprovalDecision | null,
    decidedBy: ApprovalDecider | null,
    at: number,
  ): boolean;
  /** Ended approvals whose `resolved_at` is older than `before` (ms epoch) are removed; returns the count. */
  purgeResolved(before: number): number;
  /** The stored timeout setting (ms), null when never set. */
  timeoutMs(): number | null;
  setTimeoutMs(ms: number): void;
}
