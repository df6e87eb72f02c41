/**
 * Schema v9: the agent loop's persisted step machine (issue [agent-loop]; docs/spec/hosted.md §5).
 * - te_agent_loop: one row per run: the small step-machine state (phase, round, pending calls of
 *   the current turn, gate counters, provider state, commit ledger…) as JSON, plus its version.
 * - te_agent_docs: hidden run documents (input/prompt_snapshot.json, input/resolved_profile.json,
 *   the tool snapshot, model-responses/round-NNN.json, tool-args/…, tool-results/…, conversation
 *   messages `msg/NNNNNN`), each split into rows of ≤ 1 MiB of text (`chunk` 0..n).
 * - te_agent_guidance: queued user guidance (docs/spec/agent-runtime.md §5), one row per item.
 */
import type { MigrationStep } from "../migration-step";

export const agentLoopSchema: MigrationStep = {
  version: 9,
  name: "agent-loop",
  up(sql) {
    sql.exec(
      `CREATE TABLE te_agent_loop (run_id TEXT PRIMARY KEY, state TEXT NOT NULL, version INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
    );
    sql.exec(`CREATE TABLE te_agent_docs (
      run_id TEXT NOT NULL, name TEXT NOT NULL, chunk INTEGER NOT NULL, body TEXT NOT NULL,
      PRIMARY KEY (run_id, name, chunk)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE te_agent_guidance (
      run_id TEXT NOT NULL, guidance_id TEXT NOT NULL, client_guidance_id TEXT, text TEXT NOT NULL,
      chars INTEGER NOT NULL, submitted_at INTEGER NOT NULL, status TEXT NOT NULL,
      PRIMARY KEY (run_id, guidance_id))`);
  },
};
