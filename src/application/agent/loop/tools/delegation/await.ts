/**
 * `agent.await` (docs/spec/agent-delegation.md §3): the caller's view of the tasks it started.
 * `statusOnly` answers at once; `nextCompleted` when one of the awaited tasks has a result the
 * caller has not seen (or none is unfinished); `allCompleted` when none is unfinished; any mode when
 * its timeout passed (`timedOut: true`). Otherwise the step parks the call (tool.ts): no step runs
 * and no outbound slot is held until a task ends (tasks/child-end.ts wakes the caller) or the
 * timeout's step comes due. Journals `agent_await_started` once and `agent_await_completed` with
 * the answer; finished tasks shown in an answer count as delivered (no second injection).
 */
import { badArgs, onlyKeys, optInt, optString, type Args } from "../../../../../domain/agent/loop/builtin-args";
import type { PendingCall } from "../../../../../domain/agent/loop/loop-state";
import type { AgentToolResult } from "../../../../../domain/agent/loop/tool-result";
import { isUnfinished, renderCapsule, taskView } from "../../../../../domain/agent/delegation/capsule";
import type { TaskRecord } from "../../../../../domain/agent/delegation/records";
import { ToolError } from "../../../../../domain/workspace/tool-error";
import type { StepContext } from "../../context";

const MODES = ["nextCompleted", "allCompleted", "statusOnly"] as const;
type AwaitMode = (typeof MODES)[number];
/** Default and longest wait, ms. */
export const DEFAULT_AWAIT_MS = 120_000;
export const MAX_AWAIT_MS = 300_000;

/** The answer now, or park until `until` (ms epoch). */
export type AwaitStep = { kind: "result"; result: AgentToolResult } | { kind: "park"; until: number };

function selected(ctx: StepContext, args: Args): TaskRecord[] {
  const mine = ctx.deps.delegation
    .tasks(ctx.runId, ctx.state.invocationId)
    .filter((task) => task.continuation === "return_to_parent");
  if (mine.length === 0)
    throw new ToolError(
      "agent.no_child_tasks",
      "You have not delegated any task yet, so there is nothing to wait for.",
    );
  const ids = args.taskIds;
  if (ids === undefined || ids === null) return mine;
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string"))
    throw badArgs('"taskIds" must be an array of task ids.');
  return (ids as string[]).map((id) => {
    const task = mine.find((candidate) => candidate.taskId === id);
    if (!task)
      throw new ToolError(
        "agent.await_task_not_found",
        `You did not start a task "${id}". Your tasks: ${mine.map((t) => t.taskId).join(", ")}.`,
      );
    return task;
  });
}

export function agentAwait(ctx: StepContext, call: PendingCall, args: Args): AwaitStep {
  if (ctx.isChild) throw new ToolError("agent.child_await_denied", "A sub-agent cannot wait for other tasks.");
  onlyKeys(args, ["taskIds", "mode", "timeoutMs"], "agent_await");
  const mode = (optString(args, "mode") ?? "nextCompleted") as AwaitMode;
  if (!MODES.includes(mode)) throw badArgs('"mode" must be nextCompleted, allCompleted or statusOnly.');
  const timeoutMs = optInt(args, "timeoutMs", 1, MAX_AWAIT_MS) ?? DEFAULT_AWAIT_MS;
  const tasks = selected(ctx, args);
  const { deps, state } = ctx;
  const now = deps.clock.now();
  const base = { invocationId: state.invocationId, mode, callId: call.callId, round: state.round };
  const parkedBefore = call.status === "waiting_tasks";
  if (!parkedBefore && mode !== "statusOnly")
    ctx.emit("agent_await_started", { ...base, taskIds: tasks.map((t) => t.taskId), timeoutMs });
  const unfinished = tasks.filter(isUnfinished);
  const fresh = tasks.filter((t) => !isUnfinished(t) && !t.delivered);
  const ready = mode === "statusOnly" || unfinished.length === 0 || (mode === "nextCompleted" && fresh.length > 0);
  const until = call.awaitUntil ?? now + timeoutMs;
  const timedOut = !ready && now >= until;
  if (!ready && !timedOut) return { kind: "park", until };
  for (const task of tasks)
    if (!isUnfinished(task) && !task.delivered)
      deps.delegation.updateTask(ctx.runId, task.taskId, { delivered: true }, now);
  if (mode !== "statusOnly") ctx.emit("agent_await_completed", { ...base, timedOut, taskCount: tasks.length });
  const heading = timedOut
    ? `Waited ${Math.round(timeoutMs / 1000)} s; these tasks are not all done yet`
    : "Delegated tasks";
  return {
    kind: "result",
    result: {
      callId: call.callId,
      toolId: call.toolId ?? null,
      content: renderCapsule(tasks, heading),
      structured: { mode, timedOut, tasks: tasks.map(taskView) },
      isError: false,
      resourceRefs: tasks.flatMap((t) => (t.resultRef ? [t.resultRef] : [])),
    },
  };
}
