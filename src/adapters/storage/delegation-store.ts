/** Invocations and tasks of agent runs in SQLite (schema v24; port src/ports/delegation-store.ts). */
import type { DelegationStore, InvocationRecord, TaskRecord } from "../../ports/delegation-store";

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

export class SqlDelegationStore implements DelegationStore {
  private readonly sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.sql = storage.sql;
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
    const row = this.sql
      .exec("SELECT * FROM te_agent_tasks WHERE run_id = ? AND task_id = ?", runId, taskId)
      .toArray()[0];
    return row ? toTask(row) : null;
  }

  tasks(runId: string, parentInvocationId?: string): TaskRecord[] {
    const rows =
      parentInvocationId === undefined
        ? this.sql.exec("SELECT * FROM te_agent_tasks WHERE run_id = ? ORDER BY ord", runId)
        : this.sql.exec(
            "SELECT * FROM te_agent_tasks WHERE run_id = ? AND parent_invocation_id = ? ORDER BY ord",
            runId,
            parentInvocationId,
          );
    return rows.toArray().map(toTask);
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
    this.sql.exec("DELETE FROM te_agent_invocations WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM te_agent_tasks WHERE run_id = ?", runId);
  }
}
