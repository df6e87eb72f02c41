/** SQLite rows of Agent Profiles (schema v8, `te_agent_profiles`). */
import type { AgentProfileRepository, StoredProfileRow } from "../../ports/agent-profile-repository";

function toRow(row: Record<string, SqlStorageValue>): StoredProfileRow {
  return {
    id: String(row.id),
    document: String(row.document),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export class SqlAgentProfileStore implements AgentProfileRepository {
  constructor(private readonly sql: SqlStorage) {}

  list(): StoredProfileRow[] {
    return this.sql.exec("SELECT * FROM te_agent_profiles ORDER BY id").toArray().map(toRow);
  }

  get(id: string): StoredProfileRow | null {
    const row = this.sql.exec("SELECT * FROM te_agent_profiles WHERE id = ?", id).toArray()[0];
    return row ? toRow(row) : null;
  }

  count(): number {
    return Number(this.sql.exec("SELECT COUNT(*) AS n FROM te_agent_profiles").one().n);
  }

  put(id: string, document: string, now: number): void {
    this.sql.exec(
      `INSERT INTO te_agent_profiles(id, document, created_at, updated_at) VALUES(?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET document = excluded.document, updated_at = excluded.updated_at`,
      id,
      document,
      now,
      now,
    );
  }

  delete(id: string): boolean {
    return this.sql.exec("DELETE FROM te_agent_profiles WHERE id = ? RETURNING id", id).toArray().length > 0;
  }

  restore(row: StoredProfileRow): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO te_agent_profiles(id, document, created_at, updated_at) VALUES(?, ?, ?, ?)",
      row.id,
      row.document,
      row.createdAt,
      row.updatedAt,
    );
  }
}
