/**
 * Schema v23: account export and restore (docs/spec/data-portability.md §5).
 * - te_data_exports: one export job (status, options, progress, the passphrase-encrypted secrets
 *   captured when it was requested, expiry); te_data_export_units: its plan (one row per item);
 *   te_data_export_entries: each written entry's name and central-directory record;
 *   te_data_export_chunks: the archive bytes in order (≤ 1 MiB rows).
 * - te_data_restores: one staged archive (status, manifest, preview, the secrets re-sealed under
 *   DATA_KEY, strategy, progress); te_data_restore_chunks: its bytes by start offset;
 *   te_data_restore_results: one row per item of the report.
 */
import type { MigrationStep } from "../migration-step";

export const dataArchiveSchema: MigrationStep = {
  version: 23,
  name: "data-archive",
  up(sql) {
    sql.exec(`CREATE TABLE te_data_exports (
      id TEXT PRIMARY KEY, status TEXT NOT NULL, include_runs INTEGER NOT NULL, include_secrets INTEGER NOT NULL,
      secrets TEXT, done INTEGER NOT NULL DEFAULT 0, total INTEGER NOT NULL DEFAULT 0, bytes INTEGER NOT NULL DEFAULT 0,
      error TEXT, created_at INTEGER NOT NULL, finished_at INTEGER, expires_at INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE te_data_export_units (
      export_id TEXT NOT NULL, idx INTEGER NOT NULL, kind TEXT NOT NULL, item_id TEXT NOT NULL,
      PRIMARY KEY (export_id, idx)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE te_data_export_entries (
      export_id TEXT NOT NULL, idx INTEGER NOT NULL, name TEXT NOT NULL, central BLOB NOT NULL,
      PRIMARY KEY (export_id, idx))`);
    sql.exec("CREATE INDEX te_data_export_entries_name ON te_data_export_entries(export_id, name)");
    sql.exec(`CREATE TABLE te_data_export_chunks (
      export_id TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (export_id, idx))`);
    sql.exec(`CREATE TABLE te_data_restores (
      id TEXT PRIMARY KEY, status TEXT NOT NULL, bytes INTEGER NOT NULL DEFAULT 0, manifest TEXT, preview TEXT,
      secrets_sealed TEXT, strategy TEXT, done INTEGER NOT NULL DEFAULT 0, total INTEGER NOT NULL DEFAULT 0,
      error TEXT, created_at INTEGER NOT NULL, finished_at INTEGER, expires_at INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE te_data_restore_chunks (
      restore_id TEXT NOT NULL, start INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (restore_id, start))`);
    sql.exec(`CREATE TABLE te_data_restore_results (
      restore_id TEXT NOT NULL, idx INTEGER NOT NULL, kind TEXT NOT NULL, item_id TEXT NOT NULL,
      outcome TEXT NOT NULL, code TEXT, message TEXT, PRIMARY KEY (restore_id, idx))`);
  },
};
