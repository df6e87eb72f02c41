/**
 * Schema v21: the chat-level persistent-state pointer (docs/spec/workspace.md §3.2.1). One row per
 * chat workspace: the state a "restore to the next run" made from a checkpoint, which the next run's
 * base selection reads first.
 */
import type { MigrationStep } from "../migration-step";

export const persistPointersSchema: MigrationStep = {
  version: 21,
  name: "persist-pointers",
  up(sql) {
    sql.exec(`CREATE TABLE te_ws_persist_pointers (
      workspace_id TEXT PRIMARY KEY, state_id TEXT NOT NULL, run_id TEXT NOT NULL,
      checkpoint_id TEXT NOT NULL, set_at INTEGER NOT NULL) WITHOUT ROWID`);
  },
};
