/**
 * SQLite storage of export jobs (schema v23; ports/data-archive ExportStore). The archive's bytes
 * are rows of ≤ DATA_LIMITS.chunkBytes in order, so a download streams them row by row.
 */
import { DATA_LIMITS } from "../../domain/data/limits";
import type { ExportRecord, ExportStore } from "../../ports/data-archive";

type Row = Record<string, SqlStorageValue>;

function toRecord(row: Row): ExportRecord {
  return {
    id: String(row.id),
    status: String(row.status) as ExportRecord["status"],
    options: { includeRuns: Number(row.include_runs) === 1, includeSecrets: Number(row.include_secrets) === 1 },
    secrets: row.secrets === null ? null : String(row.secrets),
    done: Number(row.done),
    total: Number(row.total),
    bytes: Number(row.bytes),
    error: row.error === null ? null : (JSON.parse(String(row.error)) as ExportRecord["error"]),
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    expiresAt: Number(row.expires_at),
  };
}

export class SqlExportStore implements ExportStore {
  constructor(private readonly sql: SqlStorage) {}

  create(record: ExportRecord, units: Array<{ kind: string; itemId: string }>): void {
    this.sql.exec(
      `INSERT INTO te_data_exports(id, status, include_runs, include_secrets, secrets, done, total, bytes, created_at, expires_at)
       VALUES(?, ?, ?, ?, ?, 0, ?, 0, ?, ?)`,
      record.id,
      record.status,
      record.options.includeRuns ? 1 : 0,
      record.options.includeSecrets ? 1 : 0,
      record.secrets,
      units.length,
      record.createdAt,
      record.expiresAt,
    );
    units.forEach((unit, idx) => {
      this.sql.exec(
        "INSERT INTO te_data_export_units(export_id, idx, kind, item_id) VALUES(?, ?, ?, ?)",
        record.id,
        idx,
        unit.kind,
        unit.itemId,
      );
    });
  }

  get(id: string): ExportRecord | null {
    const row = this.sql.exec("SELECT * FROM te_data_exports WHERE id = ?", id).toArray()[0];
    return row ? toRecord(row) : null;
  }

  list(): ExportRecord[] {
    return this.sql.exec("SELECT * FROM te_data_exports ORDER BY created_at DESC").toArray().map(toRecord);
  }

  units(id: string, from: number, limit: number): Array<{ idx: number; kind: string; itemId: string }> {
    return this.sql
      .exec(
        "SELECT idx, kind, item_id FROM te_data_export_units WHERE export_id = ? AND idx >= ? ORDER BY idx LIMIT ?",
        id,
        from,
        limit,
      )
      .toArray()
      .map((row) => ({ idx: Number(row.idx), kind: String(row.kind), itemId: String(row.item_id) }));
  }

  dropUnit(id: string, idx: number): void {
    this.sql.exec("DELETE FROM te_data_export_units WHERE export_id = ? AND idx = ?", id, idx);
  }

  hasEntry(id: string, name: string): boolean {
    return (
      this.sql.exec("SELECT 1 FROM te_data_export_entries WHERE export_id = ? AND name = ?", id, name).toArray()
        .length > 0
    );
  }

  appendEntry(id: string, name: string, local: Uint8Array, central: Uint8Array): void {
    const idx = Number(
      this.sql.exec("SELECT count(*) AS n FROM te_data_export_entries WHERE export_id = ?", id).one().n,
    );
    this.sql.exec(
      "INSERT INTO te_data_export_entries(export_id, idx, name, central) VALUES(?, ?, ?, ?)",
      id,
      idx,
      name,
      central.slice().buffer,
    );
    this.appendBytes(id, local);
  }

  centrals(id: string): Uint8Array[] {
    return this.sql
      .exec("SELECT central FROM te_data_export_entries WHERE export_id = ? ORDER BY idx", id)
      .toArray()
      .map((row) => new Uint8Array(row.central as ArrayBuffer));
  }

  appendBytes(id: string, data: Uint8Array): void {
    let idx = Number(
      this.sql.exec("SELECT coalesce(max(idx) + 1, 0) AS n FROM te_data_export_chunks WHERE export_id = ?", id).one().n,
    );
    for (let at = 0; at < data.byteLength; at += DATA_LIMITS.chunkBytes) {
      const part = data.slice(at, at + DATA_LIMITS.chunkBytes);
      this.sql.exec("INSERT INTO te_data_export_chunks(export_id, idx, data) VALUES(?, ?, ?)", id, idx, part.buffer);
      idx += 1;
    }
    this.sql.exec("UPDATE te_data_exports SET bytes = bytes + ? WHERE id = ?", data.byteLength, id);
  }

  progress(id: string, done: number): void {
    this.sql.exec("UPDATE te_data_exports SET done = ? WHERE id = ?", done, id);
  }

  finish(id: string, status: "ready" | "failed", at: number, error?: ExportRecord["error"]): void {
    this.sql.exec(
      "UPDATE te_data_exports SET status = ?, finished_at = ?, error = ? WHERE id = ?",
      status,
      at,
      error ? JSON.stringify(error) : null,
      id,
    );
    this.sql.exec("DELETE FROM te_data_export_units WHERE export_id = ?", id);
    this.sql.exec("DELETE FROM te_data_export_entries WHERE export_id = ?", id);
    if (status === "failed") this.sql.exec("DELETE FROM te_data_export_chunks WHERE export_id = ?", id);
  }

  chunk(id: string, idx: number): Uint8Array | null {
    const row = this.sql
      .exec("SELECT data FROM te_data_export_chunks WHERE export_id = ? AND idx = ?", id, idx)
      .toArray()[0];
    return row ? new Uint8Array(row.data as ArrayBuffer) : null;
  }

  remove(id: string): void {
    for (const table of ["te_data_export_units", "te_data_export_entries", "te_data_export_chunks"])
      this.sql.exec(`DELETE FROM ${table} WHERE export_id = ?`, id);
    this.sql.exec("DELETE FROM te_data_exports WHERE id = ?", id);
  }

  expired(now: number): string[] {
    return this.sql
      .exec("SELECT id FROM te_data_exports WHERE expires_at <= ?", now)
      .toArray()
      .map((row) => String(row.id));
  }
}
