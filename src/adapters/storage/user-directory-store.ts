/**
 * The user directory's SQLite table (ports/user-directory; ADR 2702), inside the single
 * `UserDirectory` Durable Object. Its own one-table schema, created when the object starts.
 */
import type { AccountFigures, DirectoryEntry, UserDirectoryRepository } from "../../ports/user-directory";

function toEntry(row: Record<string, SqlStorageValue>): DirectoryEntry {
  return {
    userId: String(row.user_id),
    createdAt: Number(row.created_at),
    devices: Number(row.devices),
    bytes: Number(row.bytes),
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    disabled: Number(row.disabled) === 1,
    reportedAt: Number(row.reported_at),
  };
}

export class UserDirectoryStore implements UserDirectoryRepository {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS te_directory_users (
      user_id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, devices INTEGER NOT NULL, bytes INTEGER NOT NULL,
      last_seen_at INTEGER, disabled INTEGER NOT NULL DEFAULT 0, reported_at INTEGER NOT NULL)`);
  }

  report(f: AccountFigures, now: number): void {
    this.sql.exec(
      `INSERT INTO te_directory_users(user_id, created_at, devices, bytes, last_seen_at, reported_at) VALUES(?, ?, ?, ?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET created_at = excluded.created_at, devices = excluded.devices, bytes = excluded.bytes,
       last_seen_at = excluded.last_seen_at, reported_at = excluded.reported_at`,
      f.userId,
      f.createdAt,
      f.devices,
      f.bytes,
      f.lastSeenAt,
      now,
    );
  }

  list(): DirectoryEntry[] {
    return this.sql.exec("SELECT * FROM te_directory_users ORDER BY created_at, user_id").toArray().map(toEntry);
  }

  get(userId: string): DirectoryEntry | null {
    const row = this.sql.exec("SELECT * FROM te_directory_users WHERE user_id = ?", userId).toArray()[0];
    return row ? toEntry(row) : null;
  }

  setDisabled(userId: string, disabled: boolean): boolean {
    return (
      this.sql.exec("UPDATE te_directory_users SET disabled = ? WHERE user_id = ?", disabled ? 1 : 0, userId)
        .rowsWritten > 0
    );
  }

  remove(userId: string): boolean {
    return this.sql.exec("DELETE FROM te_directory_users WHERE user_id = ?", userId).rowsWritten > 0;
  }
}
