/**
 * Port: persistence of agent run records (docs/spec/agent-runtime.md §3, §9). Implemented by
 * adapters/storage/run-store (SQLite).
 */
import type { AgentRunRecord, RunListFilter } from "../domain/agent/run-record";

/** Mutable fields of a run record (status changes go through RunRecordService.transition). */
export type RunRecordPatch = Partial<
  Pick<
    AgentRunRecord,
    | "status"
    | "updatedAt"
    | "terminalAt"
    | "profileId"
    | "skillScopeRefs"
    | "persistBaseStateId"
    | "inputMessageCount"
    | "commitCount"
    | "committedMessage"
    | "waitingOn"
    | "slimmedAt"
  >
>;

export interface RunRepository {
  insert(run: AgentRunRecord): void;
  get(runId: string): AgentRunRecord | null;
  update(runId: string, patch: RunRecordPatch): void;
  /** Newest first (createdAt desc, runId desc); returns at most `limit + 1` rows so callers can tell if more exist. */
  list(filter: Required<Pick<RunListFilter, "limit">> & RunListFilter): AgentRunRecord[];
  /** Removes the run and every journal event of it, atomically. Returns false when absent. */
  delete(runId: string): boolean;
  /** Runs `fn` in one synchronous transaction (all or nothing). */
  transaction<T>(fn: () => T): T;
}
