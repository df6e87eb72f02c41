/** Invocations and tasks of agent runs in SQLite (schema v24; port src/ports/delegation-store.ts). */
import { rememberBounded } from "../../domain/bounded-map";
import type { DelegationStore, InvocationRecord, TaskRecord } from "../../ports/delegation-store";
import type { HotRows } from "./hot-rows";

/** HotRows memory of each run's tasks in order, read before every model request (issue 31). */
const RUN_TASKS = "agent-run-tasks";
/** Most runs whose tasks are kept. */
const MAX_TASK_RUNS = 64;

type Row = Record<string, SqlStorageValue>;

const str = (value: SqlStorageValue | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

function toInvocation(row: Row): InvocationRecord {
  return {
    runId: String(row.run_id),
    invocationId: String(row.invocation_id),
    parentInvocationId: str(row.parent_invocation_id),
    profileId: String(row.profile_id),
    kind: String(row.kind) as InvocationRecord["kind"],
    status: String(row.status) as InvocationRecord["status"],
    exitPolicy: String(row.exit_policy) as InvocationRecord["exitPolicy"],
    taskId: str(row.task_id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toTask(row: Row): TaskRecord {
  return {
    runId: String(row.run_id),
    taskId: String(row.task_id),
    parentInvocationId: String(row.parent_invocation_id),
    childInvocationId: String(row.child_invocation_id),
    targetProfileId: String(row.target_profile_id),
    workspaceKey: String(row.workspace_key),
    continuation: String(row.continuation) as TaskRecord["continuation"],
    status: String(row.status) as TaskRecord["status"],
    brief: JSON.parse(String(row.brief)) as TaskRecord["brief"],
    delegateCallId: String(row.delegate_call_id),
    delegateRound: Number(row.delegate_round),
    summary: str(row.summary),
    resultRef: str(row.result_ref),
    error:
      row.error === null || row.error === undefined ? null : (JSON.parse(String(row.error)) as TaskRecord["error"]),
    delivered: Number(row.delivered) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * With `hot` (the object's HotRows), a run's tasks are read once and kept until a task of the run
 * is added, updated or deleted through this store (every model request looks for finished
 * background tasks, and most runs have none; docs/decisions/3600). Records handed out are shared:
 * callers must not mutate them.
 */
export class SqlDelegationStore implements DelegationStore {
  private readonly sql: SqlStorage;

  constructor(
    storage: DurableObjectStorage,
    private readonly hot?: HotRows,
  ) {
    this.sql = storage.sql;
  }

  /** Every task of the run in order, from HotRows when kept. */
  private runTasks(runId: string): TaskRecord[] {
    const memo = this.hot?.keep<TaskRecord[]>(RUN_TASKS);
    const known = memo?.get(runId);
    if (known) return known;
    const tasks = this.sql
      .exec("SELECT * FROM te_agent_tasks WHERE run_id = ? ORDER BY ord", runId)
      .toArray()
      .map(toTask);
    if (memo) rememberBounded(memo, runId, tasks, MAX_TASK_RUNS);
    return tasks;
  }

  private forgetTasks(runId: string): void {
    this.hot?.keep(RUN_TASKS).delete(runId);
  }

  addInvocation(r: InvocationRecord): void {
    const ord = Number(
      this.sql.exec("SELECT COUNT(*) AS n FROM te_agent_invocations WHERE run_id = ?", r.runId).one().n,
    );
    this.sql.exec(
      `INSERT INTO te_agent_invocations(run_id, invocation_id, parent_invocation_id, profile_id, kind, status,
         exit_policy, task_id, ord, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      r.runId,
      r.invocationId,
      r.parentInvocationId,
      r.profileId,
      r.kind,
      r.status,
      r.exitPolicy,
      r.taskId,
      ord,
      r.createdAt,
      r.updatedAt,
    );
  }

  invocation(runId: string, invocationId: string): InvocationRecord | null {
    const row = this.sql
      .exec("SELECT * FROM te_agent_invocations WHERE run_id = ? AND invocation_id = ?", runId, invocationId)
      .toArray()[0];
    return row ? toInvocation(row) : null;
  }

  invocations(runId: string): InvocationRecord[] {
    return this.sql
      .exec("SELECT * FROM te_agent_invocations WHERE run_id = ? ORDER BY ord", runId)
      .toArray()
      .map(toInvocation);
  }

  setInvocationStatus(runId: string, invocationId: string, status: InvocationRecord["status"], now: number): void {
    this.sql.exec(
      "UPDATE te_agent_invocations SET status = ?, updated_at = ? WHERE run_id = ? AND invocation_id = ?",
      status,
      now,
      runId,
      invocationId,
    );
  }

  addTask(t: TaskRecord): void {
    this.forgetTasks(t.runId);
    const ord = Number(this.sql.exec("SELECT COUNT(*) AS n FROM te_agent_tasks WHERE run_id = ?", t.runId).one().n);
    this.sql.exec(
      `INSERT INTO te_agent_tasks(run_id, task_id, parent_invocation_id, child_invocation_id, target_profile_id,
         workspace_key, continuation, status, brief, delegate_call_id, delegate_round, summary, result_ref, error,
         delivered, ord, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      t.runId,
      t.taskId,
      t.parentInvocationId,
      t.childInvocationId,
      t.targetProfileId,
      t.workspaceKey,
      t.continuation,
      t.status,
      JSON.stringify(t.brief),
      t.delegateCallId,
      t.delegateRound,
      t.summary,
      t.resultRef,
      t.error === null ? null : JSON.stringify(t.error),
      t.delivered ? 1 : 0,
      ord,
      t.createdAt,
      t.updatedAt,
    );
  }

  task(runId: string, taskId: string): TaskRecord | null {
    return this.runTasks(runId).find((task) => task.taskId === taskId) ?? null;
  }

  tasks(runId: string, parentInvocationId?: string): TaskRecord[] {
    const all = this.runTasks(runId);
    return parentInvocationId === undefined
      ? [...all]
      : all.filter((task) => task.parentInvocationId === parentInvocationId);
  }

  updateTask(
    runId: string,
    taskId: string,
    change: Partial<Pick<TaskRecord, "status" | "summary" | "resultRef" | "error" | "delivered">>,
    now: number,
  ): void {
    const current = this.task(runId, taskId);
    if (!current) return;
    const next = { ...current, ...change };
    this.forgetTasks(runId);
    this.sql.exec(
      `UPDATE te_agent_tasks SET status = ?, summary = ?, result_ref = ?, error = ?, delivered = ?, updated_at = ?
       WHERE run_id = ? AND task_id = ?`,
      next.status,
      next.summary,
      next.resultRef,
      next.error === null ? null : JSON.stringify(next.error),
      next.delivered ? 1 : 0,
      now,
      runId,
      taskId,
    );
  }

  deleteRun(runId: string): void {
    this.forgetTasks(runId);
    this.sql.exec("DELETE FROM te_agent_invocations WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM te_agent_tasks WHERE run_id = ?", runId);
  }
}
