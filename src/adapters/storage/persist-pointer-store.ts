/** The chat-level persistent-state pointers in SQLite (docs/spec/workspace.md §3.2.1, schema v21). */
import type { PersistPointer, PersistPointerStore } from "../../ports/workspace-store";

export class SqlPersistPointerStore implements PersistPointerStore {
  constructor(private readonly sql: SqlStorage) {}

  get(workspaceId: string): PersistPointer | null {
    const row = this.sql.exec("SELECT * FROM te_ws_persist_pointers WHERE workspace_id = ?", workspaceId).toArray()[0];
    if (!row) return null;
    return {
      workspaceId,
      stateId: String(row.state_id),
      runId: String(row.run_id),
      checkpointId: String(row.checkpoint_id),
      setAt: Number(row.set_at),
    };
  }

  set(pointer: PersistPointer): void {
    this.sql.exec(
      `INSERT INTO te_ws_persist_pointers(workspace_id, state_id, run_id, checkpoint_id, set_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(workspace_id) DO UPDATE SET state_id = excluded.state_id, run_id = excluded.run_id,
         checkpoint_id = excluded.checkpoint_id, set_at = excluded.set_at`,
      pointer.workspaceId,
      pointer.stateId,
      pointer.runId,
      pointer.checkpointId,
      pointer.setAt,
    );
  }
}
