/** Schema v1: user metadata, devices, pairing codes, socket tickets, auth failures, scheduler. */
import type { MigrationStep } from "../migration-step";

export const coreSchema: MigrationStep = {
  version: 1,
  name: "core",
  up(sql) {
    sql.exec(`CREATE TABLE IF NOT EXISTS te_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE te_devices (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL, last_seen_at INTEGER, revoked_at INTEGER)`);
    sql.exec(
      `CREATE TABLE te_pairing_codes (hash TEXT PRIMARY KEY, created_by TEXT NOT NULL, expires_at INTEGER NOT NULL)`,
    );
    sql.exec(
      `CREATE TABLE te_ws_tickets (hash TEXT PRIMARY KEY, device_id TEXT NOT NULL, expires_at INTEGER NOT NULL)`,
    );
    sql.exec(
      `CREATE TABLE te_auth_failures (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, at INTEGER NOT NULL)`,
    );
    sql.exec(`CREATE TABLE te_schedule (
      kind TEXT NOT NULL, ref TEXT NOT NULL, due_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, PRIMARY KEY (kind, ref))`);
    sql.exec(`CREATE INDEX te_schedule_due ON te_schedule(due_at)`);
  },
};
