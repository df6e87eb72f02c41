/**
 * Schema v27: what a library item was imported from (docs/spec/characters.md §2 "The same card
 * twice", docs/decisions/3250). `import_sha256` is the SHA-256 of the imported document (a card's
 * JSON, a World Info file's JSON, whitespace aside), or null for items made here or imported
 * before v27; an import whose hash is already in the library is flagged as a duplicate.
 */
import type { MigrationStep } from "../migration-step";

export const importHashesSchema: MigrationStep = {
  version: 27,
  name: "import-hashes",
  up(sql) {
    sql.exec("ALTER TABLE te_characters ADD COLUMN import_sha256 TEXT");
    sql.exec("CREATE INDEX te_characters_import ON te_characters(import_sha256) WHERE import_sha256 IS NOT NULL");
    sql.exec("ALTER TABLE te_wi_books ADD COLUMN import_sha256 TEXT");
    sql.exec("CREATE INDEX te_wi_books_import ON te_wi_books(import_sha256) WHERE import_sha256 IS NOT NULL");
  },
};
