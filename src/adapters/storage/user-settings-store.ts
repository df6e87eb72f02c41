/** `te_user_settings` (schema v18): one JSON value per key (docs/spec/chats.md "Personas"). */
import type { UserSettingsStore } from "../../ports/user-settings";

export class SqlUserSettingsStore implements UserSettingsStore {
  constructor(private readonly sql: SqlStorage) {}

  read(key: string): unknown {
    const row = this.sql.exec("SELECT value_json FROM te_user_settings WHERE key = ?", key).toArray()[0];
    return row ? JSON.parse(String(row.value_json)) : null;
  }

  write(key: string, value: unknown): void {
    if (value === null || value === undefined) this.sql.exec("DELETE FROM te_user_settings WHERE key = ?", key);
    else
      this.sql.exec(
        "INSERT INTO te_user_settings(key, value_json) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json",
        key,
        JSON.stringify(value),
      );
  }
}
