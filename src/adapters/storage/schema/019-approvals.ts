/**
 * Schema v19: tool-call approvals (issue [approvals]; docs/spec/approvals.md).
 * - te_approvals: one row per asked tool call (pending until decided, expired or cancelled), keyed
 *   by its approval id; the holder is a run invocation (`run_id`, `invocation_id`) or a chat
 *   generation (`generation_id`). Settings (the timeout) live in te_meta under `approvals.timeout_ms`.
 */
import type { MigrationStep } from "../migration-step";

export const approvalsSchema: MigrationStep = {
  version: 19,
  name: "approvals",
  up(sql) {
    sql.exec(`CREATE TABLE te_approvals (
      id TEXT PRIMARY KEY, status TEXT NOT NULL, run_id TEXT, invocation_id TEXT, generation_id TEXT,
      chat_id TEXT NOT NULL, call_id TEXT NOT NULL, tool_id TEXT NOT NULL, alias TEXT NOT NULL,
      registration_id TEXT NOT NULL, server_name TEXT NOT NULL, arguments_preview TEXT NOT NULL,
      requested_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, decision TEXT,
      decided_device_id TEXT, decided_at INTEGER, resolved_at INTEGER)`);
    sql.exec("CREATE INDEX te_approvals_status ON te_approvals(status, requested_at)");
    sql.exec("CREATE INDEX te_approvals_run ON te_approvals(run_id) WHERE run_id IS NOT NULL");
    sql.exec("CREATE INDEX te_approvals_generation ON te_approvals(generation_id) WHERE generation_id IS NOT NULL");
  },
};
