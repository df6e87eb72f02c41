/**
 * SQLite schema migrations of the UserSpace Durable Object.
 * Ordered steps, a schema-version row in `te_meta` (the newest applied step) and the set of applied
 * steps in `te_schema_steps` (so a step that lands later with a lower number still runs), every
 * table prefixed `te_`.
 * Runs inside `blockConcurrencyWhile`, each step in its own synchronous transaction, so a failed
 * step leaves the previous version intact. Steps are append-only: never edit a landed step.
 */
import type { MigrationStep } from "./migration-step";
import { MIGRATIONS } from "./schema/index";

/** True when this object has a schema at all (i.e. setup created a user here). Reads only. */
export function hasSchema(sql: SqlStorage): boolean {
  return sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'te_meta'").toArray().length > 0;
}

/** Current schema version; 0 for an empty object. */
export function schemaVersion(sql: SqlStorage): number {
  if (!hasSchema(sql)) return 0;
  const row = sql.exec("SELECT value FROM te_meta WHERE key = 'schema_version'").toArray()[0];
  return row ? Number(row.value) : 0;
}

/**
 * Applies every step above the stored version, up to `target` (default: the newest).
 * @returns the version after the run.
 */
export function migrate(
  storage: DurableObjectStorage,
  target = latestSchemaVersion(),
  steps: readonly MigrationStep[] = MIGRATIONS,
): number {
  const sql = storage.sql;
  const applied = appliedSteps(sql);
  for (const step of [...steps].sort((a, b) => a.version - b.version)) {
    if (applied.has(step.version) || step.version > target) continue;
    storage.transactionSync(() => {
      step.up(sql);
      sql.exec(
        "CREATE TABLE IF NOT EXISTS te_schema_steps (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
      );
      sql.exec(
        "INSERT INTO te_schema_steps(version, name, applied_at) VALUES(?, ?, ?)",
        step.version,
        step.name,
        Date.now(),
      );
      sql.exec(
        "INSERT INTO te_meta(key, value) VALUES('schema_version', ?) ON CONFLICT(key) DO UPDATE SET value = MAX(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))",
        String(step.version),
      );
    });
    applied.add(step.version);
  }
  return schemaVersion(sql);
}

/** Versions already applied to this object (empty for a new object). */
function appliedSteps(sql: SqlStorage): Set<number> {
  const hasTable =
    sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'te_schema_steps'").toArray().length > 0;
  if (hasTable)
    return new Set(
      sql
        .exec("SELECT version FROM te_schema_steps")
        .toArray()
        .map((row) => Number(row.version)),
    );
  // Objects migrated before te_schema_steps existed: every step up to schema_version was applied.
  const version = schemaVersion(sql);
  return new Set(MIGRATIONS.filter((step) => step.version <= version).map((step) => step.version));
}

/** The newest schema version this build knows. */
export function latestSchemaVersion(): number {
  return MIGRATIONS.reduce((max, step) => Math.max(max, step.version), 0);
}
