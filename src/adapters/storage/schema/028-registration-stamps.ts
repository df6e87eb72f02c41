/**
 * Schema v28: a content stamp per MCP registration row (docs/decisions/3550).
 *
 * `te_mcp_registrations.content_stamp` INTEGER: a number no other write of this table has had,
 * set by triggers on every INSERT and on every UPDATE of the row's columns (also writes that do not
 * go through mcp-registration-store.ts: a restore, a repair by hand). The store reads the stamps of
 * all rows (a few bytes each) and fetches and decodes a row's document only when its stamp is one it
 * has not decoded, instead of reading every document (16 KiB for a server of 512 tools) on every
 * scan. `te_mcp_registration_stamp` holds the last stamp given (one row). Rows from before v28
 * keep stamp 0 until their next write.
 */
import type { MigrationStep } from "../migration-step";

const NEXT_STAMP = `
  UPDATE te_mcp_registration_stamp SET n = n + 1 WHERE id = 1;
  UPDATE te_mcp_registrations SET content_stamp = (SELECT n FROM te_mcp_registration_stamp WHERE id = 1)
    WHERE id = NEW.id;`;

export const registrationStampsSchema: MigrationStep = {
  version: 28,
  name: "registration-stamps",
  up(sql) {
    sql.exec("ALTER TABLE te_mcp_registrations ADD COLUMN content_stamp INTEGER NOT NULL DEFAULT 0");
    sql.exec("CREATE TABLE te_mcp_registration_stamp (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)");
    sql.exec("INSERT INTO te_mcp_registration_stamp(id, n) VALUES(1, 0)");
    sql.exec(`CREATE TRIGGER te_mcp_registrations_stamp_insert AFTER INSERT ON te_mcp_registrations
      BEGIN ${NEXT_STAMP} END`);
    sql.exec(`CREATE TRIGGER te_mcp_registrations_stamp_update
      AFTER UPDATE OF id, document, revision, created_at, updated_at ON te_mcp_registrations
      BEGIN ${NEXT_STAMP} END`);
  },
};
