/**
 * Schema v16: the character library and World Info (issue [characters-lore];
 * docs/spec/characters.md, docs/spec/worldinfo.md).
 * - te_characters: one card per row (the card document without its book, ≤ 1.5 MB), its linked
 *   book (the card's own `character_book`) and its avatar's size and sha256.
 * - te_character_avatars: the avatar PNG in chunks of ≤ 1 MiB (SQLite rows are limited to 2 MB).
 * - te_wi_books / te_wi_entries: a book's top-level fields, and one row per entry (so a big book
 *   never makes a big row); `source_json` keeps a card's original `character_book`.
 * - te_wi_attachments: where a book applies (`global`, `character:<id>`, `chat:<id>`).
 * - te_wi_settings: the global World Info settings (one JSON row).
 */
import type { MigrationStep } from "../migration-step";

export const charactersWorldInfoSchema: MigrationStep = {
  version: 16,
  name: "characters-worldinfo",
  up(sql) {
    sql.exec(`CREATE TABLE te_characters (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, revision INTEGER NOT NULL, card_json TEXT NOT NULL,
      book_id TEXT, avatar_bytes INTEGER, avatar_sha256 TEXT,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    sql.exec("CREATE INDEX te_characters_name ON te_characters(name COLLATE NOCASE, id)");
    sql.exec(`CREATE TABLE te_character_avatars (
      character_id TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL,
      PRIMARY KEY (character_id, idx)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE te_wi_books (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, revision INTEGER NOT NULL, extra_json TEXT NOT NULL,
      source_json TEXT, source_revision INTEGER, character_id TEXT,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE te_wi_entries (
      book_id TEXT NOT NULL, uid INTEGER NOT NULL, entry_json TEXT NOT NULL,
      PRIMARY KEY (book_id, uid)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE te_wi_attachments (
      book_id TEXT NOT NULL, scope TEXT NOT NULL, ref TEXT NOT NULL,
      PRIMARY KEY (book_id, scope, ref)) WITHOUT ROWID`);
    sql.exec("CREATE INDEX te_wi_attachments_target ON te_wi_attachments(scope, ref)");
    sql.exec("CREATE TABLE te_wi_settings (id INTEGER PRIMARY KEY CHECK (id = 1), settings_json TEXT NOT NULL)");
  },
};
