/** SQLite rows of World Info (schema v16): books, one row per entry, attachments, settings. */
import { normalizeEntry, type WorldEntry } from "../../domain/worldinfo/entry";
import { DEFAULT_WORLD_INFO_SETTINGS, type WorldInfoSettings } from "../../domain/worldinfo/settings";
import type { Attachment, BookRecord, BookRows } from "../../ports/character-repository";
import { insertRow, namedRevisionColumns, type RowValues, updateRow } from "./row-write";

type Row = Record<string, SqlStorageValue>;
const json = (v: SqlStorageValue | undefined) =>
  v === null || v === undefined ? null : (JSON.parse(String(v)) as Record<string, unknown>);

function toBook(row: Row): BookRecord {
  return {
    id: String(row.id),
    name: String(row.name),
    revision: Number(row.revision),
    extra: json(row.extra_json) ?? {},
    source: json(row.source_json),
    sourceRevision: row.source_revision === null ? null : Number(row.source_revision),
    characterId: row.character_id === null ? null : String(row.character_id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The row of a book (`import_sha256` is written apart, import-hash-store.ts). */
function rowOf(r: BookRecord): RowValues {
  return {
    ...namedRevisionColumns(r),
    extra_json: JSON.stringify(r.extra),
    source_json: r.source ? JSON.stringify(r.source) : null,
    source_revision: r.sourceRevision,
    character_id: r.characterId,
  };
}

function refOf(a: Attachment): string {
  return a.scope === "global" ? "" : a.id;
}

export class WorldInfoStore implements BookRows {
  constructor(private readonly sql: SqlStorage) {}

  insert(r: BookRecord, entries: ReadonlyArray<WorldEntry>): void {
    insertRow(this.sql, "te_wi_books", rowOf(r));
    for (const entry of entries) this.putEntry(r.id, entry);
  }

  update(r: BookRecord): void {
    updateRow(this.sql, "te_wi_books", rowOf(r));
  }

  get(id: string): BookRecord | null {
    const row = this.sql.exec("SELECT * FROM te_wi_books WHERE id = ?", id).toArray()[0];
    return row ? toBook(row) : null;
  }

  list(): BookRecord[] {
    return this.sql.exec("SELECT * FROM te_wi_books ORDER BY name COLLATE NOCASE, id").toArray().map(toBook);
  }

  delete(id: string): void {
    this.sql.exec("DELETE FROM te_wi_entries WHERE book_id = ?", id);
    this.sql.exec("DELETE FROM te_wi_attachments WHERE book_id = ?", id);
    this.sql.exec("DELETE FROM te_wi_books WHERE id = ?", id);
  }

  entries(bookId: string): WorldEntry[] {
    return this.sql
      .exec("SELECT uid, entry_json FROM te_wi_entries WHERE book_id = ? ORDER BY uid", bookId)
      .toArray()
      .map((row) => normalizeEntry(JSON.parse(String(row.entry_json)), Number(row.uid)));
  }

  entryCount(bookId: string): number {
    return Number(this.sql.exec("SELECT count(*) AS n FROM te_wi_entries WHERE book_id = ?", bookId).one().n);
  }

  putEntry(bookId: string, entry: WorldEntry): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO te_wi_entries(book_id, uid, entry_json) VALUES(?, ?, ?)",
      bookId,
      entry.uid,
      JSON.stringify(entry),
    );
  }

  deleteEntry(bookId: string, uid: number): boolean {
    return this.sql.exec("DELETE FROM te_wi_entries WHERE book_id = ? AND uid = ?", bookId, uid).rowsWritten > 0;
  }

  attachments(bookId: string): Attachment[] {
    return this.sql
      .exec("SELECT scope, ref FROM te_wi_attachments WHERE book_id = ? ORDER BY scope, ref", bookId)
      .toArray()
      .map((row) =>
        row.scope === "global"
          ? { scope: "global" as const }
          : { scope: String(row.scope) as "character" | "chat", id: String(row.ref) },
      );
  }

  attach(bookId: string, to: Attachment): void {
    this.sql.exec(
      "INSERT OR IGNORE INTO te_wi_attachments(book_id, scope, ref) VALUES(?, ?, ?)",
      bookId,
      to.scope,
      refOf(to),
    );
  }

  detach(bookId: string, from: Attachment): void {
    this.sql.exec(
      "DELETE FROM te_wi_attachments WHERE book_id = ? AND scope = ? AND ref = ?",
      bookId,
      from.scope,
      refOf(from),
    );
  }

  attachedTo(targets: { characterId?: string | null; chatId?: string | null }): string[] {
    return this.sql
      .exec(
        `SELECT DISTINCT book_id FROM te_wi_attachments WHERE scope = 'global'
           OR (scope = 'character' AND ref = ?) OR (scope = 'chat' AND ref = ?) ORDER BY book_id`,
        targets.characterId ?? "",
        targets.chatId ?? "",
      )
      .toArray()
      .map((row) => String(row.book_id));
  }

  detachTarget(scope: "character" | "chat", id: string): void {
    this.sql.exec("DELETE FROM te_wi_attachments WHERE scope = ? AND ref = ?", scope, id);
  }

  settings(): WorldInfoSettings {
    const row = this.sql.exec("SELECT settings_json FROM te_wi_settings WHERE id = 1").toArray()[0];
    return { ...DEFAULT_WORLD_INFO_SETTINGS, ...(row ? json(row.settings_json) : {}) };
  }

  saveSettings(settings: WorldInfoSettings): void {
    this.sql.exec("INSERT OR REPLACE INTO te_wi_settings(id, settings_json) VALUES(1, ?)", JSON.stringify(settings));
  }
}
