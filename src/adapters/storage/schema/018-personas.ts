/**
 * Schema v18: personas (issue [web-chat]; docs/spec/chats.md "Personas").
 * - te_chats gains `persona_json` (`{name, description?}` or NULL = the user's persona applies).
 * - te_user_settings: one row per user-wide setting (`key` → JSON value); today only `persona`.
 */
import type { MigrationStep } from "../migration-step";

export const personasSchema: MigrationStep = {
  version: 18,
  name: "personas",
  up(sql) {
    sql.exec("ALTER TABLE te_chats ADD COLUMN persona_json TEXT");
    sql.exec("CREATE TABLE te_user_settings (key TEXT PRIMARY KEY, value_json TEXT NOT NULL) WITHOUT ROWID");
  },
};
