/**
 * How a child invocation ends and what its caller then sees (docs/spec/agent-delegation.md §4, §5):
 * - `completeChild` after a successful task.return: task `completed` (or `failed` when the child
 *   reported so) with its summary; `task_return_completed` → `agent_invocation_completed` →
 *   `agent_task_completed|failed`;
 * - `failChild` on any error of a child step (model error, rounds exhausted, OutcomeUnknown, …):
 *   only the child ends: `agent_invocation_failed` → `agent_child_invocation_failed` →
 *   `agent_task_failed {error}`; the run goes on and the caller reads the failure, never a result;
 * - `cancelOpenTasks` when the run ends (cancel, finish, failure): every unfinished task and its
 *   invocation become `cancelled`, their in-flight steps are aborted and their next steps dropped.
 * Each wakes the caller if it is parked in agent.await (its step is scheduled now).
 */
import { failureOf } from "../../../domain/agent/loop/failure";
import type { LoopState } from "../../../domain/agent/loop/loop-state";
import { stepRef } from "../../../domain/agent/loop/step-ref";
import type { TaskRecord } from "../../../domain/agent/delegation/records";
import { isUnfinished } from "../../../domain/agent/delegation/capsule";
import { STEP_JOB, type LoopDeps } from "./deps";

/** Task fields every delegation event carries (docs/spec/agent-delegation.md §7). */
export function taskFields(task: TaskRecord): Record<string, unknown> {
  return {
    invocationId: task.childInvocationId,
    parentInvocationId: task.parentInvocationId,
    taskId: task.taskId,
    delegateCallId: task.delegateCallId,
    delegateRound: task.delegateRound,
  };
}

/** The invocation fields of `agent_invocation_<status>` for the child of `task`. */
function childInvocationFields(
  task: TaskRecord,
  status: "completed" | "failed" | "cancelled",
): Record<string, unknown> {
  return { profileId: task.targetProfileId, kind: "subagent", status, exitPolicy: "task_return_required" };
}

/** Schedules the caller's step now when it is parked in agent.await. */
export function wakeCaller(deps: LoopDeps, runId: string, invocationId: string): void {
  const stored = deps.store.readState(runId, invocationId);
  if (!stored) return;
  const state = JSON.parse(stored.json) as LoopState;
  if (state.phase !== "tool" || state.calls[state.nextCall]?.status !== "waiting_tasks") return;
  deps.scheduler.schedule(STEP_JOB, stepRef(runId, invocationId), deps.clock.now());
}

function append(
  deps: LoopDeps,
  runId: string,
  task: TaskRecord,
  type: Parameters<LoopDeps["journal"]["append"]>[1]["type"],
  extra: Record<string, unknown>,
  level?: "warn",
) {
  deps.journal.append(runId, {
    type,
    payload: { ...taskFields(task), ...extra },
    relatedInvocationIds: [task.parentInvocationId],
    ...(level ? { level } : {}),
  });
}

/** Ends the child of `state` after its task.return (`status` as the child reported it). */
export function completeChild(
  deps: LoopDeps,
  state: LoopState,
  result: { status: "completed" | "failed"; summary: string; resultRef: string; summaryRef: string },
): void {
  const runId = state.runId;
  const task = deps.delegation.task(runId, state.invocation!.taskId);
  if (!task || !isUnfinished(task)) return;
  const now = deps.clock.now();
  deps.delegation.updateTask(
    runId,
    task.taskId,
    {
      status: result.status,
      summary: result.summary,
      resultRef: result.resultRef,
      error:
        result.status === "failed"
          ? { code: "agent.task_reported_failed", message: "The sub-agent reported that the task failed." }
          : null,
    },
    now,
  );
  deps.delegation.setInvocationStatus(runId, task.childInvocationId, "completed", now);
  append(deps, runId, task, "task_return_completed", {
    status: result.status,
    resultRef: result.resultRef,
    summaryRef: result.summaryRef,
  });
  append(deps, runId, task, "agent_invocation_completed", childInvocationFields(task, "completed"));
  append(
    deps,
    runId,
    task,
    result.status === "completed" ? "agent_task_completed" : "agent_task_failed",
    { status: result.status, resultRef: result.resultRef },
    result.status === "failed" ? "warn" : undefined,
  );
  endState(deps, runId, task.childInvocationId);
  wakeCaller(deps, runId, task.parentInvocationId);
}

/** Ends the child invocation `invocationId` after `error`: only the child fails (see file docstring). */
export function failChild(deps: LoopDeps, runId: string, invocationId: string, error: unknown): void {
  const stored = deps.store.readState(runId, invocationId);
  const state = stored ? (JSON.parse(stored.json) as LoopState) : null;
  const taskId = state?.invocation?.taskId;
  const task = taskId ? deps.delegation.task(runId, taskId) : null;
  if (!task || !isUnfinished(task)) return;
  const failure = failureOf(error);
  const now = deps.clock.now();
  const problem = { code: failure.code, message: failure.message };
  deps.delegation.updateTask(runId, task.taskId, { status: "failed", error: problem }, now);
  deps.delegation.setInvocationStatus(runId, task.childInvocationId, "failed", now);
  append(deps, runId, task, "agent_invocation_failed", {
    ...childInvocationFields(task, "failed"),
    ...problem,
  });
  append(deps, runId, task, "agent_child_invocation_failed", problem);
  append(deps, runId, task, "agent_task_failed", { status: "failed", error: problem }, "warn");
  endState(deps, runId, task.childInvocationId);
  wakeCaller(deps, runId, task.parentInvocationId);
}

/** Cancels every unfinished task of the run (see file docstring). Returns how many. */
export function cancelOpenTasks(deps: LoopDeps, runId: string): number {
  const open = deps.delegation
    .tasks(runId)
    .filter((task) => task.continuation === "return_to_parent" && isUnfinished(task));
  for (const task of open) {
    deps.inflight.get(stepRef(runId, task.childInvocationId))?.abort();
    const now = deps.clock.now();
    deps.delegation.updateTask(runId, task.taskId, { status: "cancelled" }, now);
    deps.delegation.setInvocationStatus(runId, task.childInvocationId, "cancelled", now);
    append(deps, runId, task, "agent_invocation_cancelled", childInvocationFields(task, "cancelled"));
    append(deps, runId, task, "agent_task_cancelled", { status: "cancelled" });
    endState(deps, runId, task.childInvocationId);
  }
  return open.length;
}

/** Marks a child's loop state done and drops its next step. */
function endState(deps: LoopDeps, runId: string, invocationId: string): void {
  const stored = deps.store.readState(runId, invocationId);
  if (stored) {
    const state = JSON.parse(stored.json) as LoopState;
    if (state.phase !== "done") {
      state.phase = "done";
      deps.store.writeState(runId, JSON.stringify(state), stored.version, deps.clock.now(), invocationId);
    }
  }
  deps.scheduler.cancel(STEP_JOB, stepRef(runId, invocationId));
}

/**
 * Ends the handoff task of a foreground handoff invocation with the run (docs/spec/agent-delegation.md
 * §6): `completed` when the run finished, else `failed` / `cancelled`.
 */
export function endHandoffTask(
  deps: LoopDeps,
  state: LoopState | null,
  status: "completed" | "failed" | "cancelled",
  error?: { code: string; message: string },
): void {
  if (state?.invocation?.kind !== "handoff") return;
  const task = deps.delegation.task(state.runId, state.invocation.taskId);
  if (!task || !isUnfinished(task)) return;
  deps.delegation.updateTask(state.runId, task.taskId, { status, ...(error ? { error } : {}) }, deps.clock.now());
  const type =
    status === "completed"
      ? "agent_task_completed"
      : status === "failed"
        ? "agent_task_failed"
        : "agent_task_cancelled";
  append(deps, state.runId, task, type, { status, ...(error ? { error } : {}) });
}
