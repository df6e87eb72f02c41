/**
 * Schema v24: the invocations and tasks of agent runs (docs/spec/agent-delegation.md §1). One row
 * per invocation (the root included) and one per task (the edge from a caller to the invocation it
 * started). Both are deleted with their run.
 */
import type { MigrationStep } from "../migration-step";

export const agentDelegationSchema: MigrationStep = {
  version: 24,
  name: "agent-delegation",
  up(sql) {
    sql.exec(`CREATE TABLE te_agent_invocations (
      run_id TEXT NOT NULL, invocation_id TEXT NOT NULL, parent_invocation_id TEXT, profile_id TEXT NOT NULL,
      kind TEXT NOT NULL, status TEXT NOT NULL, exit_policy TEXT NOT NULL, task_id TEXT,
      ord INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      PRIMARY KEY (run_id, invocation_id)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE te_agent_tasks (
      run_id TEXT NOT NULL, task_id TEXT NOT NULL, parent_invocation_id TEXT NOT NULL,
      child_invocation_id TEXT NOT NULL, target_profile_id TEXT NOT NULL, workspace_key TEXT NOT NULL,
      continuation TEXT NOT NULL, status TEXT NOT NULL, brief TEXT NOT NULL,
      delegate_call_id TEXT NOT NULL, delegate_round INTEGER NOT NULL,
      summary TEXT, result_ref TEXT, error TEXT, delivered INTEGER NOT NULL DEFAULT 0,
      ord INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      PRIMARY KEY (run_id, task_id)) WITHOUT ROWID`);
  },
};
