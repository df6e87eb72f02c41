/**
 * Port: persistence of the agent loop's step machine between steps (issue [agent-loop];
 * docs/spec/hosted.md §5: every step runs in its own invocation with its inputs and results in
 * SQLite). Implemented by src/adapters/storage/agent-loop-store.ts (schema v9). Synchronous, so a
 * step can read-check-write without other requests interleaving.
 *
 * - state: the small step-machine JSON of a run (see src/domain/agent/loop/loop-state.ts).
 * - docs: hidden run documents by name (`input/prompt_snapshot.json`, `model-responses/round-001.json`,
 *   `tool-results/inv_root/round-001-call_<h>.json`, conversation messages `msg/000001`…), stored
 *   as text split in rows of ≤ 1 MiB.
 * - guidance: queued user guidance items (docs/spec/agent-runtime.md §5).
 */

/** One queued guidance item (docs/spec/agent-runtime.md §5). */
export interface GuidanceRow {
  guidanceId: string;
  clientGuidanceId: string | null;
  text: string;
  chars: number;
  /** ms epoch */
  submittedAt: number;
  status: "queued" | "applied" | "discarded";
}

export interface AgentLoopStore {
  /**
   * The state JSON of one invocation of a run (default the root, `inv_root`) and its version, or
   * null when the loop never started for it.
   */
  readState(runId: string, invocationId?: string): { json: string; version: number } | null;
  /**
   * Writes the state. `expectedVersion` (0 for the first write) guards against a stale writer:
   * a mismatch throws `agent.loop_state_conflict`. Returns the new version.
   */
  writeState(runId: string, json: string, expectedVersion: number, now: number, invocationId?: string): number;
  /** Stores a document (replacing one of the same name). */
  putDoc(runId: string, name: string, text: string): void;
  /**
   * Stores several documents `[name, text]`, as putDoc one by one would; new small ones in one
   * statement when the store can (docs/decisions/3600).
   */
  putDocs(runId: string, docs: ReadonlyArray<readonly [name: string, text: string]>): void;
  /** A document's text or null. */
  getDoc(runId: string, name: string): string | null;
  /** Names of the run's documents starting with `prefix`, sorted. */
  docNames(runId: string, prefix: string): string[];
  addGuidance(runId: string, row: GuidanceRow): void;
  /** Guidance items of a run with this status, oldest first. */
  guidance(runId: string, status: GuidanceRow["status"]): GuidanceRow[];
  setGuidanceStatus(runId: string, guidanceIds: readonly string[], status: GuidanceRow["status"]): void;
  /** Runs `fn` in one synchronous transaction. */
  transaction<T>(fn: () => T): T;
  /** Deletes every row of a run (state, docs, guidance); for the run delete cleanup. */
  deleteRun(runId: string): void;
}
