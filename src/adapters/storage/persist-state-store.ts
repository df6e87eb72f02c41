/** Immutable persistent states of chat workspaces in SQLite (docs/spec/workspace.md §3, schema v7). */
import type { FileRef, PersistStateRecord, PersistStateStore } from "../../ports/workspace-store";
import { toFileRef } from "./workspace-file-store";

function toState(row: Record<string, SqlStorageValue>): PersistStateRecord {
  return {
    workspaceId: String(row.workspace_id),
    stateId: String(row.state_id),
    baseStateId: row.base_state_id === null ? null : String(row.base_state_id),
    order: Number(row.ord),
    createdAt: Number(row.created_at),
  };
}

export class SqlPersistStateStore implements PersistStateStore {
  constructor(private readonly sql: SqlStorage) {}

  state(workspaceId: string, stateId: string): PersistStateRecord | null {
    const row = this.sql
      .exec("SELECT * FROM te_ws_persist_states WHERE workspace_id = ? AND state_id = ?", workspaceId, stateId)
      .toArray()[0];
    return row ? toState(row) : null;
  }

  files(workspaceId: string, stateId: string): FileRef[] {
    return this.sql
      .exec(
        "SELECT path, hash, bytes FROM te_ws_persist_files WHERE workspace_id = ? AND state_id = ? ORDER BY path",
        workspaceId,
        stateId,
      )
      .toArray()
      .map(toFileRef);
  }

  lastOrder(workspaceId: string): number {
    const row = this.sql
      .exec("SELECT MAX(ord) AS o FROM te_ws_persist_states WHERE workspace_id = ?", workspaceId)
      .one();
    return row.o === null ? 0 : Number(row.o);
  }

  siblingsSince(workspaceId: string, baseStateId: string | null, order: number): PersistStateRecord[] {
    return this.sql
      .exec(
        "SELECT * FROM te_ws_persist_states WHERE workspace_id = ? AND ord > ? AND base_state_id IS ? ORDER BY ord",
        workspaceId,
        order,
        baseStateId,
      )
      .toArray()
      .map(toState);
  }

  insert(
    workspaceId: string,
    stateId: string,
    baseStateId: string | null,
    files: readonly FileRef[],
    now: number,
  ): number {
    const row = this.sql
      .exec(
        "INSERT INTO te_ws_persist_states(workspace_id, state_id, base_state_id, created_at) VALUES(?, ?, ?, ?) RETURNING ord",
        workspaceId,
        stateId,
        baseStateId,
        now,
      )
      .one();
    for (const file of files) {
      this.sql.exec(
        "INSERT INTO te_ws_persist_files(workspace_id, state_id, path, hash, bytes) VALUES(?, ?, ?, ?, ?)",
        workspaceId,
        stateId,
        file.path,
        file.sha256,
        file.bytes,
      );
    }
    return Number(row.ord);
  }
}
