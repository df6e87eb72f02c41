/** Import hashes (schema v27) of one library table: `import_sha256` beside each row's id. */
import type { ImportHashes } from "../../ports/character-repository";

export class ImportHashStore implements ImportHashes {
  constructor(
    private readonly sql: SqlStorage,
    private readonly table: "te_characters" | "te_wi_books",
  ) {}

  mark(id: string, sha256: string): void {
    this.sql.exec(`UPDATE ${this.table} SET import_sha256 = ? WHERE id = ?`, sha256, id);
  }

  find(sha256: string): string | null {
    const row = this.sql
      .exec(`SELECT id FROM ${this.table} WHERE import_sha256 = ? ORDER BY created_at, id LIMIT 1`, sha256)
      .toArray()[0];
    return row ? String(row.id) : null;
  }
}
