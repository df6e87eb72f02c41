/**
 * SQLite storage of staged restores (schema v23; ports/data-archive RestoreStore). Staged bytes
 * are rows keyed by their start offset, so a range read touches only the rows it overlaps.
 */
import type { RestoreRecord, RestoreResult, RestoreStore } from "../../ports/data-archive";

type Row = Record<string, SqlStorageValue>;

const COLUMNS: Record<string, string> = {
  status: "status",
  bytes: "bytes",
  manifest: "manifest",
  preview: "preview",
  secretsSealed: "secrets_sealed",
  strategy: "strategy",
  idMap: "id_map",
  done: "done",
  total: "total",
  error: "error",
  finishedAt: "finished_at",
  expiresAt: "expires_at",
};

function toRecord(row: Row): RestoreRecord {
  const text = (v: SqlStorageValue | undefined) => (v === null || v === undefined ? null : String(v));
  return {
    id: String(row.id),
    status: String(row.status) as RestoreRecord["status"],
    bytes: Number(row.bytes),
    manifest: text(row.manifest),
    preview: text(row.preview),
    secretsSealed: text(row.secrets_sealed),
    strategy: text(row.strategy) as RestoreRecord["strategy"],
    idMap: text(row.id_map),
    done: Number(row.done),
    total: Number(row.total),
    error: row.error === null ? null : (JSON.parse(String(row.error)) as RestoreRecord["error"]),
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    expiresAt: Number(row.expires_at),
  };
}

export class SqlRestoreStore implements RestoreStore {
  constructor(private readonly sql: SqlStorage) {}

  create(record: RestoreRecord): void {
    this.sql.exec(
      "INSERT INTO te_data_restores(id, status, bytes, created_at, expires_at) VALUES(?, ?, 0, ?, ?)",
      record.id,
      record.status,
      record.createdAt,
      record.expiresAt,
    );
  }

  latestRun(now: number, limit: number): RestoreRecord[] {
    return this.sql
      .exec(
        `SELECT * FROM te_data_restores WHERE status IN ('running', 'done', 'failed') AND expires_at > ?
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        now,
        limit,
      )
      .toArray()
      .map(toRecord);
  }

  get(id: string): RestoreRecord | null {
    const row = this.sql.exec("SELECT * FROM te_data_restores WHERE id = ?", id).toArray()[0];
    return row ? toRecord(row) : null;
  }

  append(id: string, data: Uint8Array): number {
    const size = Number(this.sql.exec("SELECT bytes FROM te_data_restores WHERE id = ?", id).one().bytes);
    this.sql.exec(
      "INSERT INTO te_data_restore_chunks(restore_id, start, data) VALUES(?, ?, ?)",
      id,
      size,
      data.slice().buffer,
    );
    this.sql.exec("UPDATE te_data_restores SET bytes = ? WHERE id = ?", size + data.byteLength, id);
    return size + data.byteLength;
  }

  read(id: string, offset: number, length: number): Uint8Array {
    const out = new Uint8Array(length);
    const end = offset + length;
    const rows = this.sql
      .exec(
        `SELECT start, data FROM te_data_restore_chunks WHERE restore_id = ?1 AND start < ?3
         AND start >= coalesce((SELECT max(start) FROM te_data_restore_chunks WHERE restore_id = ?1 AND start <= ?2), 0)
         ORDER BY start`,
        id,
        offset,
        end,
      )
      .toArray();
    for (const row of rows) {
      const start = Number(row.start);
      const data = new Uint8Array(row.data as ArrayBuffer);
      const from = Math.max(offset, start);
      const to = Math.min(end, start + data.byteLength);
      if (to > from) out.set(data.subarray(from - start, to - start), from - offset);
    }
    return out;
  }

  update(id: string, fields: Partial<Omit<RestoreRecord, "id">>): void {
    for (const [key, value] of Object.entries(fields)) {
      const column = COLUMNS[key];
      if (!column) continue;
      const stored = key === "error" && value !== null ? JSON.stringify(value) : (value as SqlStorageValue);
      this.sql.exec(`UPDATE te_data_restores SET ${column} = ? WHERE id = ?`, stored ?? null, id);
    }
  }

  addResult(id: string, idx: number, result: RestoreResult): void {
    this.sql.exec(
      `INSERT OR REPLACE INTO te_data_restore_results(restore_id, idx, kind, item_id, outcome, new_id, code, message)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      idx,
      result.kind,
      result.itemId,
      result.outcome,
      result.newId,
      result.code,
      result.message,
    );
  }

  results(id: string): RestoreResult[] {
    return this.sql
      .exec("SELECT * FROM te_data_restore_results WHERE restore_id = ? ORDER BY idx", id)
      .toArray()
      .map((row) => ({
        kind: String(row.kind),
        itemId: String(row.item_id),
        outcome: String(row.outcome) as RestoreResult["outcome"],
        newId: row.new_id === null || row.new_id === undefined ? null : String(row.new_id),
        code: row.code === null ? null : (String(row.code) as RestoreResult["code"]),
        message: row.message === null ? null : String(row.message),
      }));
  }

  dropBytes(id: string): void {
    this.sql.exec("DELETE FROM te_data_restore_chunks WHERE restore_id = ?", id);
  }

  remove(id: string): void {
    this.dropBytes(id);
    this.sql.exec("DELETE FROM te_data_restore_results WHERE restore_id = ?", id);
    this.sql.exec("DELETE FROM te_data_restores WHERE id = ?", id);
  }

  expired(now: number): string[] {
    return this.sql
      .exec("SELECT id FROM te_data_restores WHERE expires_at <= ?", now)
      .toArray()
      .map((row) => String(row.id));
  }
}
