/**
 * Schema v11: run retention and usage counters (issue [run-scheduler] "Retention";
 * docs/spec/retention-usage.md, docs/decisions/1820, 1821).
 * - te_usage: one row per counter (`bytes.<area>`, `count.<name>`, see usage-triggers.ts), kept by
 *   triggers in the same transaction as the data.
 * - te_blobs.area: the area that wrote a blob first (its bytes count there, once).
 * - te_runs.slimmed_at: ms epoch when retention slimmed the run (NULL: whole).
 * - te_retention: the user's retention settings (one row, id 1) and the last prune's result.
 * - indexes on the blob hash of every table that refers to blobs, so a sweep checks only the
 *   blobs of the runs it pruned instead of scanning every reference.
 *
 * Cost for an existing user (once, inside the object's constructor): building the four hash
 * indexes (O(n log n) over file, checkpoint and persistent-state rows) and one backfill pass that
 * reads every tracked row once (chats, messages, swipes, run records, journal events, hidden run
 * documents, guidance, catalogs). About 1 s of CPU per few hundred MB of tracked text.
 */
import type { MigrationStep } from "../migration-step";
import { backfillUsage, USAGE_KEYS, usageTriggerStatements } from "../usage-triggers";

export const retentionUsageSchema: MigrationStep = {
  version: 11,
  name: "retention-usage",
  up(sql) {
    sql.exec("CREATE TABLE te_usage (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID");
    for (const key of USAGE_KEYS) sql.exec("INSERT INTO te_usage(key, value) VALUES(?, 0)", key);
    sql.exec("ALTER TABLE te_blobs ADD COLUMN area TEXT NOT NULL DEFAULT 'workspace'");
    sql.exec("ALTER TABLE te_runs ADD COLUMN slimmed_at INTEGER");
    sql.exec(`CREATE TABLE te_retention (
      id INTEGER PRIMARY KEY CHECK (id = 1), keep_recent_terminal_runs INTEGER NOT NULL,
      keep_full_recent_runs INTEGER NOT NULL, auto_prune_enabled INTEGER NOT NULL, revision INTEGER NOT NULL,
      updated_at INTEGER NOT NULL, last_prune TEXT)`);
    sql.exec("CREATE INDEX te_ws_files_hash ON te_ws_files(hash)");
    sql.exec("CREATE INDEX te_checkpoint_entries_hash ON te_checkpoint_entries(hash)");
    sql.exec("CREATE INDEX te_checkpoint_maps_hash ON te_checkpoint_maps(hash)");
    sql.exec("CREATE INDEX te_ws_persist_files_hash ON te_ws_persist_files(hash)");
    for (const statement of usageTriggerStatements()) sql.exec(statement);
    backfillUsage(sql);
  },
};
