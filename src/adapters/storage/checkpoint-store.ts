/**
 * Checkpoints in SQLite (docs/spec/workspace.md §2, ADR 1201). Each checkpoint stores only the files that
 * changed since the previous one (`te_checkpoint_entries`, a delta). A full map
 * (`te_checkpoint_maps`) is written at the first checkpoint and then whenever the delta rows
 * written since the last full map reach max(FULL_MAP_MIN_ROWS, file count): the full map's cost
 * is amortized over at least as many delta rows as it has, so a checkpoint costs O(files changed)
 * amortized whatever the workspace size, and rebuilding any map reads at most about 2× its size.
 */
import { formatCheckpointId, type CheckpointReason } from "../../domain/workspace/checkpoint-id";
import type { CheckpointRecord, CheckpointStore, FileRef } from "../../ports/workspace-store";
import { compareCodePoints } from "../../domain/code-point-order";
import { inBatches, MAX_BOUND_PARAMETERS, marks } from "./bound-parameters";
import { toFileRef } from "./workspace-file-store";

/** Minimum delta rows between two full maps (keeps tiny workspaces from mapping every time). */
export const FULL_MAP_MIN_ROWS = 32;
/** Checkpoint entry rows per INSERT (5 bound parameters each). */
const ENTRY_ROWS_PER_INSERT = Math.floor(MAX_BOUND_PARAMETERS / 5);
/** Most `paths` named in the checkpoint's one UPDATE (more are marked dirty first, in batches). */
const INLINE_PATHS = 32;

export class SqlCheckpointStore implements CheckpointStore {
  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  create(
    runId: string,
    input: { reason: CheckpointReason; eventSeq: number; paths: readonly string[]; now: number },
  ): CheckpointRecord {
    return this.storage.transactionSync(() => {
      const run = this.sql
        .exec("SELECT cp_seq, cp_rows_since_full, file_count FROM te_ws_runs WHERE run_id = ?", runId)
        .one();
      const seq = Number(run.cp_seq) + 1;
      const changed = this.takeChanged(runId, input.paths);
      for (const rows of inBatches(changed, ENTRY_ROWS_PER_INSERT)) {
        this.sql.exec(
          `INSERT INTO te_checkpoint_entries(run_id, seq, path, hash, bytes) VALUES ${rows.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
          ...rows.flatMap((file) => [runId, seq, file.path, file.sha256, file.bytes]),
        );
      }
      const rowsSinceFull = Number(run.cp_rows_since_full) + changed.length;
      const fullMap = seq === 1 || rowsSinceFull >= Math.max(FULL_MAP_MIN_ROWS, Number(run.file_count));
      if (fullMap) {
        this.sql.exec(
          "INSERT INTO te_checkpoint_maps(run_id, seq, path, hash, bytes) SELECT run_id, ?, path, hash, bytes FROM te_ws_files WHERE run_id = ?",
          seq,
          runId,
        );
      }
      this.sql.exec(
        "INSERT INTO te_checkpoints(run_id, seq, created_at, reason, event_seq, full_map) VALUES(?, ?, ?, ?, ?, ?)",
        runId,
        seq,
        input.now,
        input.reason,
        input.eventSeq,
        fullMap ? 1 : 0,
      );
      this.sql.exec(
        "UPDATE te_ws_runs SET cp_seq = ?, cp_full_seq = CASE WHEN ? THEN ? ELSE cp_full_seq END, cp_rows_since_full = ? WHERE run_id = ?",
        seq,
        fullMap ? 1 : 0,
        seq,
        fullMap ? 0 : rowsSinceFull,
        runId,
      );
      return {
        id: formatCheckpointId(seq),
        seq,
        runId,
        createdAt: new Date(input.now).toISOString(),
        reason: input.reason,
        eventSeq: input.eventSeq,
        files: changed,
      };
    });
  }

  /**
   * The files changed since the last checkpoint (marked dirty, plus `paths`), sorted by path in
   * SQLite's order (code points, as UTF-8 bytes compare), their dirty marks cleared: one
   * `UPDATE … RETURNING` where there used to be a mark per path, a read and a clear.
   */
  private takeChanged(runId: string, paths: readonly string[]): FileRef[] {
    const inline = paths.length <= INLINE_PATHS ? paths : [];
    if (inline !== paths)
      for (const batch of inBatches(paths, MAX_BOUND_PARAMETERS - 1))
        this.sql.exec(
          `UPDATE te_ws_files SET dirty = 1 WHERE run_id = ? AND path IN (${marks(batch.length)})`,
          runId,
          ...batch,
        );
    const pathTest = inline.length > 0 ? ` OR path IN (${marks(inline.length)})` : "";
    return this.sql
      .exec(
        `UPDATE te_ws_files SET dirty = 0 WHERE run_id = ? AND (dirty = 1${pathTest}) RETURNING path, hash, bytes`,
        runId,
        ...inline,
      )
      .toArray()
      .map(toFileRef)
      .sort((a, b) => compareCodePoints(a.path, b.path));
  }

  list(runId: string, afterSeq: number, limit: number): CheckpointRecord[] {
    const rows = this.sql
      .exec("SELECT * FROM te_checkpoints WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?", runId, afterSeq, limit)
      .toArray();
    if (rows.length === 0) return [];
    const last = Number(rows[rows.length - 1]!.seq);
    const entries = new Map<number, FileRef[]>();
    for (const row of this.sql.exec(
      "SELECT seq, path, hash, bytes FROM te_checkpoint_entries WHERE run_id = ? AND seq > ? AND seq <= ? ORDER BY seq, path",
      runId,
      afterSeq,
      last,
    )) {
      const seq = Number(row.seq);
      if (!entries.has(seq)) entries.set(seq, []);
      entries.get(seq)!.push(toFileRef(row));
    }
    return rows.map((row) => this.toRecord(runId, row, entries.get(Number(row.seq)) ?? []));
  }

  get(runId: string, seq: number): CheckpointRecord | null {
    const row = this.sql.exec("SELECT * FROM te_checkpoints WHERE run_id = ? AND seq = ?", runId, seq).toArray()[0];
    if (!row) return null;
    const files = this.sql
      .exec(
        "SELECT path, hash, bytes FROM te_checkpoint_entries WHERE run_id = ? AND seq = ? ORDER BY path",
        runId,
        seq,
      )
      .toArray()
      .map(toFileRef);
    return this.toRecord(runId, row, files);
  }

  mapAt(runId: string, seq: number): FileRef[] {
    const base = this.sql
      .exec("SELECT MAX(seq) AS s FROM te_checkpoints WHERE run_id = ? AND seq <= ? AND full_map = 1", runId, seq)
      .one().s;
    const map = new Map<string, FileRef>();
    if (base !== null) {
      for (const row of this.sql.exec(
        "SELECT path, hash, bytes FROM te_checkpoint_maps WHERE run_id = ? AND seq = ?",
        runId,
        Number(base),
      ))
        map.set(String(row.path), toFileRef(row));
    }
    const from = base === null ? 0 : Number(base);
    for (const row of this.sql.exec(
      "SELECT path, hash, bytes FROM te_checkpoint_entries WHERE run_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
      runId,
      from,
      seq,
    )) {
      map.set(String(row.path), toFileRef(row));
    }
    return [...map.values()].sort((a, b) => compareCodePoints(a.path, b.path));
  }

  private toRecord(runId: string, row: Record<string, SqlStorageValue>, files: FileRef[]): CheckpointRecord {
    const seq = Number(row.seq);
    return {
      id: formatCheckpointId(seq),
      seq,
      runId,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      reason: String(row.reason) as CheckpointReason,
      eventSeq: Number(row.event_seq),
      files,
    };
  }
}
