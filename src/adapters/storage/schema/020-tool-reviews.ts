/**
 * Schema v20: catalog change review (issue [approvals]; docs/spec/approvals.md §7).
 * - te_mcp_tool_approvals: per permitted tool, the descriptor the user approved (JSON) and its
 *   hash, the level to restore after a review, whether the tool was missing from the last
 *   discovery, and the pending review (JSON `{changedAt, previous, current}`) if any.
 */
import type { MigrationStep } from "../migration-step";

export const toolReviewsSchema: MigrationStep = {
  version: 20,
  name: "tool-reviews",
  up(sql) {
    sql.exec(`CREATE TABLE te_mcp_tool_approvals (
      registration_id TEXT NOT NULL, native_name TEXT NOT NULL, approved_json TEXT NOT NULL,
      approved_hash TEXT NOT NULL, level TEXT NOT NULL, gone INTEGER NOT NULL DEFAULT 0, review_json TEXT,
      PRIMARY KEY (registration_id, native_name)) WITHOUT ROWID`);
  },
};
