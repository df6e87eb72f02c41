/**
 * A user's own account state in its object (ports/user-directory AccountStateRepository; ADR 2702):
 * the `disabled` flag in `te_meta` and the figures reported to the directory (created time,
 * devices not revoked, last seen, database bytes).
 */
import type { AccountFigures, AccountStateRepository } from "../../ports/user-directory";

export class AccountStateStore implements AccountStateRepository {
  constructor(private readonly sql: SqlStorage) {}

  figures(userId: string): AccountFigures {
    const meta = this.sql.exec("SELECT value FROM te_meta WHERE key = 'created_at'").toArray()[0];
    const devices = this.sql
      .exec(
        "SELECT count(*) AS n, max(last_seen_at) AS seen, min(created_at) AS first FROM te_devices WHERE revoked_at IS NULL",
      )
      .one();
    return {
      userId,
      createdAt: meta ? Number(meta.value) : Number(devices.first ?? 0),
      devices: Number(devices.n),
      bytes: this.sql.databaseSize,
      lastSeenAt: devices.seen === null ? null : Number(devices.seen),
    };
  }

  isDisabled(): boolean {
    return this.sql.exec("SELECT 1 FROM te_meta WHERE key = 'disabled' AND value = '1'").toArray().length > 0;
  }

  setDisabled(disabled: boolean): void {
    if (disabled) this.sql.exec("INSERT OR REPLACE INTO te_meta(key, value) VALUES('disabled', '1')");
    else this.sql.exec("DELETE FROM te_meta WHERE key = 'disabled'");
  }
}
