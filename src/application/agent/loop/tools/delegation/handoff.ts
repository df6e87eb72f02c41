/**
 * `agent.handoff` (docs/spec/agent-delegation.md §6): the foreground invocation gives the rest of
 * the run to another profile. Checks (handoffRefusal): not from a child, caller `canHandoff`,
 * target `callable` + `allowAsHandoffTarget` + `allowedCallers`, fewer handoffs in the run than
 * the caller's `maxHandoffDepth`, no unfinished task of the caller. Creates the `handoff_<hex>`
 * task (continuation `transfer_control`) and the invocation (kind `handoff`, exit policy
 * `run_finish_allowed`) whose state carries the run's commits and commit target; the tool step then
 * ends the caller (`transferHandoff`): invocation `transferred`, `agent_loop_finished`, and the new
 * invocation's first step is scheduled.
 */
import { onlyKeys, optString, reqString, badArgs, type Args } from "../../../../../domain/agent/loop/builtin-args";
import type { LoopState, PendingCall } from "../../../../../domain/agent/loop/loop-state";
import { stepRef } from "../../../../../domain/agent/loop/step-ref";
import type { AgentToolResult } from "../../../../../domain/agent/loop/tool-result";
import { isUnfinished } from "../../../../../domain/agent/delegation/capsule";
import { newHandoffId, newInvocationId } from "../../../../../domain/agent/delegation/ids";
import { handoffRefusal } from "../../../../../domain/agent/delegation/policy";
import type { TaskRecord } from "../../../../../domain/agent/delegation/records";
import { ToolError } from "../../../../../domain/workspace/tool-error";
import { taskFields } from "../../child-end";
import type { StepContext } from "../../context";
import { STEP_JOB } from "../../deps";
import { modelBindingFor, readBrief } from "./delegate";
import { invocationInfo, lookupTarget, newTaskRecord, storeNewInvocation } from "./invocation";

/** What the tool step needs to end the caller after the call is recorded. */
export interface HandoffOutcome {
  task: TaskRecord;
}

export function agentHandoff(
  ctx: StepContext,
  call: PendingCall,
  args: Args,
): { result: AgentToolResult; outcome: HandoffOutcome } {
  onlyKeys(args, ["agentId", "handoff", "pendingTaskPolicy"], "agent_handoff");
  const agentId = reqString(args, "agentId").trim();
  const brief = readBrief(args, "handoff");
  const policy = optString(args, "pendingTaskPolicy") ?? "denyIfPending";
  if (policy !== "denyIfPending") throw badArgs('"pendingTaskPolicy" can only be denyIfPending.');
  const { deps, runId, state } = ctx;
  const target = lookupTarget(ctx, agentId);
  const all = deps.delegation.tasks(runId);
  const refusal = handoffRefusal(
    { profile: ctx.profile(), isChild: ctx.isChild },
    agentId,
    target?.profile ?? null,
    all.filter((t) => t.continuation === "transfer_control").length,
    all.filter((t) => t.parentInvocationId === state.invocationId && isUnfinished(t)).length,
  );
  if (refusal || !target) throw new ToolError(refusal!.code, refusal!.message);
  const binding = modelBindingFor(ctx, target.definition.model, target.profile.id);
  const now = deps.clock.now();
  const nextId = newInvocationId();
  const task = newTaskRecord(ctx, call, {
    taskId: newHandoffId(),
    childInvocationId: nextId,
    target,
    brief,
    continuation: "transfer_control",
    delivered: true,
    existing: all,
    now,
  });
  const next: LoopState = {
    ...structuredClone(state),
    invocationId: nextId,
    invocation: invocationInfo(task, "handoff"),
    phase: "initialize",
    round: 0,
    attempt: 1,
    modelInFlight: null,
    interruptedAttempts: 0,
    messageCount: 0,
    providerState: { sessionId: runId },
    gate: { totalCalls: 0, callsPerTool: {} },
    calls: [],
    nextCall: 0,
    finished: false,
    driftCount: 0,
    connectionId: binding.connectionId,
    modelId: binding.modelId,
    modelSource: binding.modelSource,
  };
  const fields = taskFields(task);
  ctx.emit("agent_handoff_requested", {
    ...fields,
    invocationId: state.invocationId,
    targetProfileId: task.targetProfileId,
    pendingTaskPolicy: policy,
    callId: call.callId,
    round: state.round,
  });
  storeNewInvocation(ctx, task, target, next, { kind: "handoff", exitPolicy: "run_finish_allowed", now });
  const related = { relatedInvocationIds: [state.invocationId] };
  deps.journal.append(runId, {
    type: "agent_invocation_created",
    payload: {
      ...fields,
      profileId: task.targetProfileId,
      kind: "handoff",
      status: "created",
      exitPolicy: "run_finish_allowed",
    },
    ...related,
  });
  deps.journal.append(runId, {
    type: "agent_task_registered",
    payload: {
      ...fields,
      invocationId: state.invocationId,
      childInvocationId: nextId,
      targetProfileId: task.targetProfileId,
      workspaceKey: task.workspaceKey,
      continuation: "transfer_control",
      status: "queued",
      title: brief.title ?? null,
    },
    relatedInvocationIds: [nextId],
  });
  ctx.emit("agent_handoff_accepted", {
    ...fields,
    invocationId: state.invocationId,
    newInvocationId: nextId,
    targetProfileId: task.targetProfileId,
    workspaceKey: task.workspaceKey,
  });
  return {
    result: {
      callId: call.callId,
      toolId: call.toolId ?? null,
      content: `Handed the run off to Agent ${task.targetProfileId}; it continues from here.`,
      structured: { handoffId: task.taskId, taskId: task.taskId, status: "accepted", agentId: task.targetProfileId },
      isError: false,
      resourceRefs: [],
    },
    outcome: { task },
  };
}

/** Ends the caller after its recorded handoff call and starts the new foreground invocation. */
export function transferHandoff(ctx: StepContext, outcome: HandoffOutcome): void {
  const { deps, runId, state } = ctx;
  const { task } = outcome;
  const now = deps.clock.now();
  deps.delegation.setInvocationStatus(runId, state.invocationId, "transferred", now);
  ctx.emit("agent_invocation_transferred", {
    ...taskFields(task),
    invocationId: state.invocationId,
    profileId: state.invocation?.profileId ?? ctx.run.profileId ?? "default-writer",
    kind: state.invocation?.kind ?? "root",
    status: "transferred",
  });
  ctx.emit("agent_loop_finished", {
    commitCount: state.commits.length,
    round: state.round,
    invocationId: state.invocationId,
  });
  state.phase = "done";
  ctx.save();
  deps.scheduler.cancel(STEP_JOB, ctx.ref);
  deps.scheduler.schedule(STEP_JOB, stepRef(runId, task.childInvocationId), now);
}
