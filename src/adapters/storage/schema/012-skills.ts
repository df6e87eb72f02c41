/**
 * Schema v12: skills (docs/spec/skills.md "Storage").
 * - te_skills: the index, one row per (scope, name); `scope` in text form (`global`,
 *   `profile:<id>`, `character:<id>`, `preset:<name>`); `meta` = JSON of the optional §4 fields.
 * - te_skill_files: each installed file → a blob of the shared content-addressed store (te_blobs).
 * - te_skill_previews / te_skill_preview_files: staged import previews (expire after one hour).
 * - te_skill_run_reads: chars each run has read through skill_read / skill_search (per-run budget).
 */
import type { MigrationStep } from "../migration-step";

export const skillsSchema: MigrationStep = {
  version: 12,
  name: "skills",
  up(sql) {
    sql.exec(`CREATE TABLE te_skills (
      scope TEXT NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL, meta TEXT NOT NULL,
      installed_hash TEXT NOT NULL, file_count INTEGER NOT NULL, total_bytes INTEGER NOT NULL,
      has_scripts INTEGER NOT NULL, has_binary INTEGER NOT NULL, installed_at INTEGER NOT NULL,
      PRIMARY KEY (scope, name))`);
    sql.exec(`CREATE TABLE te_skill_files (
      scope TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, bytes INTEGER NOT NULL,
      kind TEXT NOT NULL, media_type TEXT NOT NULL, PRIMARY KEY (scope, name, path))`);
    sql.exec(`CREATE INDEX te_skill_files_hash ON te_skill_files(hash)`);
    sql.exec(`CREATE TABLE te_skill_previews (
      preview_id TEXT PRIMARY KEY, target_scope TEXT NOT NULL, package TEXT NOT NULL,
      created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE te_skill_preview_files (
      preview_id TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (preview_id, path))`);
    sql.exec(`CREATE INDEX te_skill_preview_files_hash ON te_skill_preview_files(hash)`);
    sql.exec(`CREATE TABLE te_skill_run_reads (run_id TEXT PRIMARY KEY, chars INTEGER NOT NULL)`);
  },
};
