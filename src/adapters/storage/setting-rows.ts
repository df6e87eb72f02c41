/**
 * Settings rows of the account archive (ports/data-archive SettingRowStore; archive kind
 * `settings`, docs/spec/data-portability.md §1): `worldinfo` is the one row of te_wi_settings,
 * `user.<key>` a row of te_user_settings (today `user.persona`).
 */
import { AppError } from "../../domain/errors";
import type { SettingRowStore } from "../../ports/data-archive";

const WORLD_INFO = "worldinfo";
const USER_PREFIX = "user.";

export class SqlSettingRows implements SettingRowStore {
  constructor(private readonly sql: SqlStorage) {}

  ids(): string[] {
    const out: string[] = [];
    if (this.sql.exec("SELECT 1 FROM te_wi_settings WHERE id = 1").toArray().length > 0) out.push(WORLD_INFO);
    for (const row of this.sql.exec("SELECT key FROM te_user_settings ORDER BY key").toArray())
      out.push(`${USER_PREFIX}${String(row.key)}`);
    return out;
  }

  read(id: string): string | null {
    const row =
      id === WORLD_INFO
        ? this.sql.exec("SELECT settings_json AS v FROM te_wi_settings WHERE id = 1").toArray()[0]
        : id.startsWith(USER_PREFIX)
          ? this.sql
              .exec("SELECT value_json AS v FROM te_user_settings WHERE key = ?", id.slice(USER_PREFIX.length))
              .toArray()[0]
          : undefined;
    return row ? String(row.v) : null;
  }

  write(id: string, json: string): void {
    if (id === WORLD_INFO) {
      this.sql.exec("INSERT OR REPLACE INTO te_wi_settings(id, settings_json) VALUES(1, ?)", json);
      return;
    }
    const key = id.startsWith(USER_PREFIX) ? id.slice(USER_PREFIX.length) : "";
    if (key.length === 0 || key.length > 100)
      throw new AppError(
        "data.item_invalid",
        `The archive names a setting (${id.slice(0, 80)}) this server does not have.`,
      );
    this.sql.exec(
      "INSERT INTO te_user_settings(key, value_json) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json",
      key,
      json,
    );
  }
}
