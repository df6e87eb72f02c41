/** SQLite rows of the character library (schema v16): cards and avatar chunks. */
import type { CharacterRecord, CharacterRows } from "../../ports/character-repository";
import { BLOB_CHUNK_BYTES } from "./blob-store";
import { insertRow, namedRevisionColumns, type RowValues, updateRow } from "./row-write";

type Row = Record<string, SqlStorageValue>;

function toCharacter(row: Row): CharacterRecord {
  return {
    id: String(row.id),
    name: String(row.name),
    revision: Number(row.revision),
    card: JSON.parse(String(row.card_json)) as CharacterRecord["card"],
    bookId: row.book_id === null ? null : String(row.book_id),
    avatar: row.avatar_sha256 === null ? null : { bytes: Number(row.avatar_bytes), sha256: String(row.avatar_sha256) },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The row of a record (`import_sha256` is written apart, import-hash-store.ts). */
function rowOf(r: CharacterRecord): RowValues {
  return {
    ...namedRevisionColumns(r),
    card_json: JSON.stringify(r.card),
    book_id: r.bookId,
    avatar_bytes: r.avatar?.bytes ?? null,
    avatar_sha256: r.avatar?.sha256 ?? null,
  };
}

export class CharacterStore implements CharacterRows {
  constructor(private readonly sql: SqlStorage) {}

  insert(r: CharacterRecord): void {
    insertRow(this.sql, "te_characters", rowOf(r));
  }

  update(r: CharacterRecord): void {
    updateRow(this.sql, "te_characters", rowOf(r));
  }

  get(id: string): CharacterRecord | null {
    const row = this.sql.exec("SELECT * FROM te_characters WHERE id = ?", id).toArray()[0];
    return row ? toCharacter(row) : null;
  }

  list(): CharacterRecord[] {
    return this.sql.exec("SELECT * FROM te_characters ORDER BY name COLLATE NOCASE, id").toArray().map(toCharacter);
  }

  named(name: string): Array<{ id: string; name: string }> {
    return this.sql
      .exec("SELECT id, name FROM te_characters WHERE name = ? COLLATE NOCASE ORDER BY created_at, id", name)
      .toArray()
      .map((row) => ({ id: String(row.id), name: String(row.name) }));
  }

  delete(id: string): void {
    this.sql.exec("DELETE FROM te_character_avatars WHERE character_id = ?", id);
    this.sql.exec("DELETE FROM te_characters WHERE id = ?", id);
  }

  /** Replaces the avatar chunks (≤ 1 MiB each); the caller updates the record's `avatar`. */
  putAvatar(id: string, png: Uint8Array, _sha256: string): void {
    this.sql.exec("DELETE FROM te_character_avatars WHERE character_id = ?", id);
    const chunks = Math.max(1, Math.ceil(png.byteLength / BLOB_CHUNK_BYTES));
    for (let i = 0; i < chunks; i += 1) {
      const part = png.slice(i * BLOB_CHUNK_BYTES, (i + 1) * BLOB_CHUNK_BYTES);
      this.sql.exec("INSERT INTO te_character_avatars(character_id, idx, data) VALUES(?, ?, ?)", id, i, part.buffer);
    }
  }

  readAvatar(id: string): Uint8Array | null {
    const parts = this.sql
      .exec("SELECT data FROM te_character_avatars WHERE character_id = ? ORDER BY idx", id)
      .toArray()
      .map((row) => new Uint8Array(row.data as ArrayBuffer));
    if (parts.length === 0) return null;
    const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }
}
