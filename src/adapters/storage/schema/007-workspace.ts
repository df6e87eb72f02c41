/**
 * Schema v7: run workspaces (docs/spec/workspace.md §1–§3).
 * - te_blobs / te_blob_chunks: content-addressed text, sha256 → chunks of ≤ 1 MiB, deduplicated.
 * - te_ws_runs: one row per run workspace (manifest JSON, lifecycle state, persist projection, counters).
 * - te_ws_files: the live file map per run (path → blob), `dirty` = changed since the last checkpoint.
 * - te_ws_read_state: what each invocation of a run has read of each file (survives between steps).
 * - te_checkpoints / te_checkpoint_entries / te_checkpoint_maps: checkpoint metadata, the files each
 *   checkpoint changed (delta), and periodic full maps (ADR 1201).
 * - te_ws_persist_states / te_ws_persist_files: immutable persistent states of a chat workspace.
 */
import type { MigrationStep } from "../migration-step";

export const workspaceSchema: MigrationStep = {
  version: 7,
  name: "workspace",
  up(sql) {
    sql.exec(
      `CREATE TABLE te_blobs (hash TEXT PRIMARY KEY, bytes INTEGER NOT NULL, chunks INTEGER NOT NULL, created_at INTEGER NOT NULL)`,
    );
    sql.exec(
      `CREATE TABLE te_blob_chunks (hash TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (hash, idx))`,
    );
    sql.exec(`CREATE TABLE te_ws_runs (
      run_id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, stable_chat_id TEXT NOT NULL, manifest TEXT NOT NULL,
      state TEXT NOT NULL, created_at INTEGER NOT NULL, file_count INTEGER NOT NULL DEFAULT 0,
      persist_projected INTEGER NOT NULL DEFAULT 0, persist_base_state_id TEXT, persist_order INTEGER NOT NULL DEFAULT 0,
      cp_seq INTEGER NOT NULL DEFAULT 0, cp_full_seq INTEGER NOT NULL DEFAULT 0, cp_rows_since_full INTEGER NOT NULL DEFAULT 0)`);
    sql.exec(`CREATE INDEX te_ws_runs_workspace ON te_ws_runs(workspace_id)`);
    sql.exec(`CREATE TABLE te_ws_files (
      run_id TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, bytes INTEGER NOT NULL,
      updated_at INTEGER NOT NULL, dirty INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (run_id, path))`);
    sql.exec(`CREATE INDEX te_ws_files_dirty ON te_ws_files(run_id, dirty, path)`);
    sql.exec(`CREATE TABLE te_ws_read_state (
      run_id TEXT NOT NULL, invocation_id TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, full INTEGER NOT NULL,
      ranges TEXT NOT NULL, require_full INTEGER NOT NULL, PRIMARY KEY (run_id, invocation_id, path))`);
    sql.exec(`CREATE TABLE te_checkpoints (
      run_id TEXT NOT NULL, seq INTEGER NOT NULL, created_at INTEGER NOT NULL, reason TEXT NOT NULL,
      event_seq INTEGER NOT NULL, full_map INTEGER NOT NULL, PRIMARY KEY (run_id, seq))`);
    sql.exec(`CREATE TABLE te_checkpoint_entries (
      run_id TEXT NOT NULL, seq INTEGER NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, bytes INTEGER NOT NULL,
      PRIMARY KEY (run_id, seq, path))`);
    sql.exec(`CREATE TABLE te_checkpoint_maps (
      run_id TEXT NOT NULL, seq INTEGER NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, bytes INTEGER NOT NULL,
      PRIMARY KEY (run_id, seq, path))`);
    sql.exec(`CREATE TABLE te_ws_persist_states (
      ord INTEGER PRIMARY KEY AUTOINCREMENT, workspace_id TEXT NOT NULL, state_id TEXT NOT NULL, base_state_id TEXT,
      created_at INTEGER NOT NULL, UNIQUE (workspace_id, state_id))`);
    sql.exec(`CREATE TABLE te_ws_persist_files (
      workspace_id TEXT NOT NULL, state_id TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, bytes INTEGER NOT NULL,
      PRIMARY KEY (workspace_id, state_id, path))`);
  },
};
