/**
 * Port: the invocations and tasks of agent runs (docs/spec/agent-delegation.md §1; schema v24,
 * src/adapters/storage/delegation-store.ts). Synchronous like the loop store, so a tool step can
 * check limits and insert in one go without other requests interleaving.
 */
import type { InvocationRecord, TaskRecord } from "../domain/agent/delegation/records";

export type { InvocationRecord, TaskRecord };

export interface DelegationStore {
  addInvocation(record: InvocationRecord): void;
  invocation(runId: string, invocationId: string): InvocationRecord | null;
  /** Every invocation of the run, in creation order. */
  invocations(runId: string): InvocationRecord[];
  setInvocationStatus(runId: string, invocationId: string, status: InvocationRecord["status"], now: number): void;
  addTask(record: TaskRecord): void;
  task(runId: string, taskId: string): TaskRecord | null;
  /** Every task of the run in creation order (optionally only those started by `parentInvocationId`). */
  tasks(runId: string, parentInvocationId?: string): TaskRecord[];
  /** Updates a task's status and outcome fields. */
  updateTask(
    runId: string,
    taskId: string,
    change: Partial<Pick<TaskRecord, "status" | "summary" | "resultRef" | "error" | "delivered">>,
    now: number,
  ): void;
  deleteRun(runId: string): void;
}
