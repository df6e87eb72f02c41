/**
 * Schema v6: agent run records and the append-only run journal (docs/spec/agent-runtime.md §3, docs/spec/journal.md).
 * `te_journal` is keyed (run_id, seq): seq uniqueness per run is enforced by the primary key and
 * the next seq is computed inside the INSERT itself (see run-journal-store.ts).
 */
import type { MigrationStep } from "../migration-step";

export const agentRunsSchema: MigrationStep = {
  version: 6,
  name: "agent-runs",
  up(sql) {
    sql.exec(`CREATE TABLE te_runs (
      id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, stable_chat_id TEXT NOT NULL, chat_ref TEXT NOT NULL,
      generation_type TEXT NOT NULL, profile_id TEXT, skill_scope_refs TEXT, persist_base_state_id TEXT,
      input_message_count INTEGER, presentation TEXT NOT NULL, status TEXT NOT NULL,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, terminal_at INTEGER,
      commit_count INTEGER NOT NULL DEFAULT 0, committed_message TEXT)`);
    sql.exec(`CREATE INDEX te_runs_created ON te_runs(created_at DESC, id DESC)`);
    sql.exec(`CREATE INDEX te_runs_chat ON te_runs(stable_chat_id, created_at DESC, id DESC)`);
    sql.exec(`CREATE TABLE te_journal (
      run_id TEXT NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL, at INTEGER NOT NULL,
      level TEXT NOT NULL, type TEXT NOT NULL, invocation_id TEXT NOT NULL, related_ids TEXT,
      payload TEXT NOT NULL, PRIMARY KEY (run_id, seq)) WITHOUT ROWID`);
  },
};
