/** SQLite rows of run workspaces: record, live file map, read-state (schema v7). */
import { rememberBounded } from "../../domain/bounded-map";
import type { WorkspaceManifest } from "../../domain/workspace/manifest";
import type { ReadState, SeenRange } from "../../domain/workspace/read-state";
import type { FileRef, WorkspaceFileStore, WorkspaceRunRecord, WorkspaceState } from "../../ports/workspace-store";
import type { HotRows } from "./hot-rows";

/** Most workspace records kept in memory (one per running run; least recently read out first). */
const MAX_KEPT_RUNS = 64;

function toRun(row: Record<string, SqlStorageValue>): WorkspaceRunRecord {
  return {
    runId: String(row.run_id),
    workspaceId: String(row.workspace_id),
    stableChatId: String(row.stable_chat_id),
    manifest: JSON.parse(String(row.manifest)) as WorkspaceManifest,
    state: String(row.state) as WorkspaceState,
    createdAt: Number(row.created_at),
    fileCount: Number(row.file_count),
    persistProjected: Number(row.persist_projected) === 1,
    persistBaseStateId: row.persist_base_state_id === null ? null : String(row.persist_base_state_id),
    persistProjectedOrder: Number(row.persist_order),
  };
}

/** Converts a file row. */
export function toFileRef(row: Record<string, SqlStorageValue>): FileRef {
  return { path: String(row.path), sha256: String(row.hash), bytes: Number(row.bytes) };
}

/** Upper bound for a `prefix/` range scan: '/' + 1 = '0'. */
function rangeOf(prefix: string): [string, string] {
  return [`${prefix}/`, `${prefix}0`];
}

/**
 * Workspace rows in SQLite. With `hot` (the object's HotRows), workspace records are kept in
 * memory (`keep("workspace-runs")`): a workspace tool round looked its record up (and parsed its
 * manifest) four times. `te_ws_runs` is written only by this store, which updates or drops the
 * kept record with each write, by the checkpoint store (its `cp_*` counters, not part of the
 * record) and by the archive's row groups, which invalidate HotRows; a rolled-back transaction
 * drops them too (docs/decisions/3700). Unknown runs are never kept. Records handed out are
 * shared: callers must not mutate them.
 */
export class SqlWorkspaceFileStore implements WorkspaceFileStore {
  private readonly kept: Map<string, WorkspaceRunRecord> | null;

  constructor(
    private readonly storage: DurableObjectStorage,
    hot?: HotRows,
  ) {
    this.kept = hot ? hot.keep<WorkspaceRunRecord>("workspace-runs") : null;
  }

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  run(runId: string): WorkspaceRunRecord | null {
    const known = this.kept?.get(runId);
    if (known) return known;
    const row = this.sql.exec("SELECT * FROM te_ws_runs WHERE run_id = ?", runId).toArray()[0];
    if (!row) return null;
    const record = toRun(row);
    if (this.kept) rememberBounded(this.kept, runId, record, MAX_KEPT_RUNS);
    return record;
  }

  insertRun(record: Parameters<WorkspaceFileStore["insertRun"]>[0]): void {
    this.sql.exec(
      "INSERT INTO te_ws_runs(run_id, workspace_id, stable_chat_id, manifest, state, created_at) VALUES(?, ?, ?, ?, ?, ?)",
      record.runId,
      record.workspaceId,
      record.stableChatId,
      JSON.stringify(record.manifest),
      record.state,
      record.createdAt,
    );
    this.kept?.delete(record.runId);
  }

  setState(runId: string, state: WorkspaceState): void {
    this.kept?.delete(runId);
    this.sql.exec("UPDATE te_ws_runs SET state = ? WHERE run_id = ?", state, runId);
  }

  markProjected(runId: string, baseStateId: string | null, order: number): void {
    this.kept?.delete(runId);
    this.sql.exec(
      "UPDATE te_ws_runs SET persist_projected = 1, persist_base_state_id = ?, persist_order = ? WHERE run_id = ?",
      baseStateId,
      order,
      runId,
    );
  }

  file(runId: string, path: string): FileRef | null {
    const row = this.sql
      .exec("SELECT path, hash, bytes FROM te_ws_files WHERE run_id = ? AND path = ?", runId, path)
      .toArray()[0];
    return row ? toFileRef(row) : null;
  }

  files(runId: string, prefix?: string): FileRef[] {
    if (prefix === undefined)
      return this.sql
        .exec("SELECT path, hash, bytes FROM te_ws_files WHERE run_id = ? ORDER BY path", runId)
        .toArray()
        .map(toFileRef);
    const [lo, hi] = rangeOf(prefix);
    return this.sql
      .exec(
        "SELECT path, hash, bytes FROM te_ws_files WHERE run_id = ? AND path >= ? AND path < ? ORDER BY path",
        runId,
        lo,
        hi,
      )
      .toArray()
      .map(toFileRef);
  }

  hasDirectory(runId: string, dir: string): boolean {
    const [lo, hi] = rangeOf(dir);
    return (
      this.sql
        .exec("SELECT 1 FROM te_ws_files WHERE run_id = ? AND path >= ? AND path < ? LIMIT 1", runId, lo, hi)
        .toArray().length > 0
    );
  }

  putFile(runId: string, file: FileRef, now: number, dirty = true, existedBefore?: boolean): void {
    const existed =
      existedBefore ??
      this.sql.exec("SELECT 1 FROM te_ws_files WHERE run_id = ? AND path = ?", runId, file.path).toArray().length > 0;
    this.sql.exec(
      `INSERT INTO te_ws_files(run_id, path, hash, bytes, updated_at, dirty) VALUES(?, ?, ?, ?, ?, ?)
       ON CONFLICT(run_id, path) DO UPDATE SET hash = excluded.hash, bytes = excluded.bytes, updated_at = excluded.updated_at,
       dirty = MAX(te_ws_files.dirty, excluded.dirty)`,
      runId,
      file.path,
      file.sha256,
      file.bytes,
      now,
      dirty ? 1 : 0,
    );
    if (existed) return;
    this.sql.exec("UPDATE te_ws_runs SET file_count = file_count + 1 WHERE run_id = ?", runId);
    const known = this.kept?.get(runId);
    if (known) this.kept!.set(runId, { ...known, fileCount: known.fileCount + 1 });
  }

  readState(runId: string, invocationId: string, path: string): ReadState | null {
    const row = this.sql
      .exec(
        "SELECT * FROM te_ws_read_state WHERE run_id = ? AND invocation_id = ? AND path = ?",
        runId,
        invocationId,
        path,
      )
      .toArray()[0];
    if (!row) return null;
    return {
      sha256: String(row.hash),
      full: Number(row.full) === 1,
      ranges: JSON.parse(String(row.ranges)) as SeenRange[],
      requireFullRead: Number(row.require_full) === 1,
    };
  }

  putReadState(runId: string, invocationId: string, path: string, state: ReadState | null): void {
    if (!state) {
      this.sql.exec(
        "DELETE FROM te_ws_read_state WHERE run_id = ? AND invocation_id = ? AND path = ?",
        runId,
        invocationId,
        path,
      );
      return;
    }
    // Ranges are merged, so even a file read in many windows stays a few pairs of numbers.
    this.sql.exec(
      `INSERT INTO te_ws_read_state(run_id, invocation_id, path, hash, full, ranges, require_full) VALUES(?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(run_id, invocation_id, path) DO UPDATE SET hash = excluded.hash, full = excluded.full, ranges = excluded.ranges, require_full = excluded.require_full`,
      runId,
      invocationId,
      path,
      state.sha256,
      state.full ? 1 : 0,
      JSON.stringify(state.ranges),
      state.requireFullRead ? 1 : 0,
    );
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  /** Distinct blob hashes the run's files and checkpoints refer to (sweep candidates once they go). */
  runBlobHashes(runId: string): string[] {
    return this.sql
      .exec(
        `SELECT hash FROM te_ws_files WHERE run_id = ?1 UNION SELECT hash FROM te_checkpoint_entries WHERE run_id = ?1
         UNION SELECT hash FROM te_checkpoint_maps WHERE run_id = ?1`,
        runId,
      )
      .toArray()
      .map((row) => String(row.hash));
  }

  /** Plain statements: call inside the caller's transaction (e.g. the run delete). */
  deleteRun(runId: string): void {
    this.kept?.delete(runId);
    for (const table of [
      "te_ws_files",
      "te_ws_read_state",
      "te_checkpoints",
      "te_checkpoint_entries",
      "te_checkpoint_maps",
      "te_ws_runs",
    ]) {
      this.sql.exec(`DELETE FROM ${table} WHERE run_id = ?`, runId);
    }
  }
}
