/**
 * Schema v10: independent steps (issue [run-scheduler]; docs/spec/scheduling.md,
 * docs/decisions/1800).
 * - te_step_leases: one row per step in flight, keyed by the step kind and its ref (for agent
 *   steps `<runId>/<invocationId>`): `lease_until` (ms epoch) is renewed by the heartbeat while
 *   the step runs in this object; a row left behind by an object that died is recovered.
 * - te_runs.waiting_on: what a run waits on (`{kind, since, detail?}` JSON, NULL when not waiting).
 * - te_agent_loop re-keyed by (run_id, invocation_id): existing rows belong to the root invocation.
 */
import type { MigrationStep } from "../migration-step";

export const runSchedulerSchema: MigrationStep = {
  version: 10,
  name: "run-scheduler",
  up(sql) {
    sql.exec(`CREATE TABLE te_step_leases (
      kind TEXT NOT NULL, ref TEXT NOT NULL, lease_until INTEGER NOT NULL, started_at INTEGER NOT NULL,
      PRIMARY KEY (kind, ref)) WITHOUT ROWID`);
    sql.exec("ALTER TABLE te_runs ADD COLUMN waiting_on TEXT");
    sql.exec(`CREATE TABLE te_agent_loop_v10 (
      run_id TEXT NOT NULL, invocation_id TEXT NOT NULL, state TEXT NOT NULL, version INTEGER NOT NULL,
      updated_at INTEGER NOT NULL, PRIMARY KEY (run_id, invocation_id)) WITHOUT ROWID`);
    sql.exec(
      "INSERT INTO te_agent_loop_v10(run_id, invocation_id, state, version, updated_at) SELECT run_id, 'inv_root', state, version, updated_at FROM te_agent_loop",
    );
    sql.exec("DROP TABLE te_agent_loop");
    sql.exec("ALTER TABLE te_agent_loop_v10 RENAME TO te_agent_loop");
    sql.exec("UPDATE te_schedule SET ref = ref || '/inv_root' WHERE kind = 'agent.step' AND instr(ref, '/') = 0");
  },
};
