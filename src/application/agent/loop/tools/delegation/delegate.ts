/**
 * `agent.delegate` (docs/spec/agent-delegation.md §2, §3): checks the caller and the target, then
 * creates the task (`queued`) and the child invocation (kind `subagent`, exit policy
 * `task_return_required`) with its own loop state, frozen target profile and model binding, and
 * schedules the child's first step; answers at once with the task id. Journals
 * `agent_task_registered` → `agent_invocation_created` → `agent_delegate_started`. Refusals are
 * tool errors (ToolError) with the §2 codes.
 */
import { badArgs, onlyKeys, reqString, type Args } from "../../../../../domain/agent/loop/builtin-args";
import { initialLoopState, type LoopState, type PendingCall } from "../../../../../domain/agent/loop/loop-state";
import { stepRef } from "../../../../../domain/agent/loop/step-ref";
import { isUnfinished } from "../../../../../domain/agent/delegation/capsule";
import { newInvocationId, newTaskId } from "../../../../../domain/agent/delegation/ids";
import { delegateRefusal } from "../../../../../domain/agent/delegation/policy";
import type { TaskBrief } from "../../../../../domain/agent/delegation/records";
import type { AgentToolResult } from "../../../../../domain/agent/loop/tool-result";
import { ToolError } from "../../../../../domain/workspace/tool-error";
import type { StepContext } from "../../context";
import { STEP_JOB } from "../../deps";
import { taskFields } from "../../child-end";
import { invocationInfo, lookupTarget, newTaskRecord, storeNewInvocation } from "./invocation";

/** Fields the runtime owns; a brief may not set them (docs/spec/agent-delegation.md §3). */
const RUNTIME_FIELDS = ["budget", "execution", "continuation", "invocationId"];

/** The `task` brief of agent.delegate, checked. */
export function readBrief(args: Args, key: string): TaskBrief {
  const raw = args[key];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw badArgs(`"${key}" is required and must be an object with an "objective".`);
  const brief = raw as Record<string, unknown>;
  for (const field of RUNTIME_FIELDS)
    if (field in brief) throw badArgs(`"${key}.${field}" is set by the runtime, not by the caller; remove it.`);
  if (typeof brief.objective !== "string" || brief.objective.trim() === "")
    throw badArgs(`"${key}.objective" is required and must be a non-empty string.`);
  if (Array.from(brief.objective).length > 8000) throw badArgs(`"${key}.objective" can be at most 8000 characters.`);
  if (brief.title !== undefined && typeof brief.title !== "string") throw badArgs(`"${key}.title" must be a string.`);
  return brief as TaskBrief;
}

/**
 * The model binding of an invocation of `model`'s profile: its connection and model
 * (`connectionRef`), else the caller's; `requiresConfiguration` → tool error
 * `agent.profile_model_requires_configuration`.
 */
export function modelBindingFor(
  ctx: StepContext,
  model: { mode: string; connectionRef?: string; modelId?: string },
  id: string,
) {
  if (model.mode === "requiresConfiguration")
    throw new ToolError(
      "agent.profile_model_requires_configuration",
      `Agent "${id}" has no model connection yet; the user must pick one in its profile.`,
    );
  if (model.mode === "connectionRef")
    return {
      connectionId: model.connectionRef?.trim() ?? null,
      modelId: model.modelId?.trim() ?? null,
      modelSource: "profile" as const,
    };
  const { connectionId, modelId, modelSource } = ctx.state;
  return { connectionId, modelId: modelId ?? null, modelSource: modelSource ?? ("default" as const) };
}

export function agentDelegate(ctx: StepContext, call: PendingCall, args: Args): AgentToolResult {
  onlyKeys(args, ["agentId", "task"], "agent_delegate");
  const agentId = reqString(args, "agentId").trim();
  const brief = readBrief(args, "task");
  const { deps, runId, state } = ctx;
  const target = lookupTarget(ctx, agentId);
  const delegated = deps.delegation.tasks(runId).filter((t) => t.continuation === "return_to_parent");
  const refusal = delegateRefusal({ profile: ctx.profile(), isChild: ctx.isChild }, agentId, target?.profile ?? null, {
    total: delegated.length,
    unfinished: delegated.filter(isUnfinished).length,
  });
  if (refusal || !target) throw new ToolError(refusal!.code, refusal!.message);
  const binding = modelBindingFor(ctx, target.definition.model, target.profile.id);
  const now = deps.clock.now();
  const childId = newInvocationId();
  const task = newTaskRecord(ctx, call, {
    taskId: newTaskId(),
    childInvocationId: childId,
    target,
    brief,
    continuation: "return_to_parent",
    delivered: false,
    existing: deps.delegation.tasks(runId),
    now,
  });
  const child: LoopState = {
    ...initialLoopState({
      runId,
      frozenPrefix: state.frozenPrefix,
      target: state.target,
      connectionId: binding.connectionId,
      persistBaseStateId: state.persistBaseStateId,
      sessionId: runId,
      modelId: binding.modelId,
      modelSource: binding.modelSource,
    }),
    invocationId: childId,
    invocation: invocationInfo(task, "subagent"),
  };
  storeNewInvocation(ctx, task, target, child, { kind: "subagent", exitPolicy: "task_return_required", now });
  const fields = taskFields(task);
  const edge = {
    childInvocationId: childId,
    targetProfileId: task.targetProfileId,
    workspaceKey: task.workspaceKey,
  };
  deps.journal.append(runId, {
    type: "agent_task_registered",
    payload: {
      ...fields,
      invocationId: state.invocationId,
      ...edge,
      continuation: "return_to_parent",
      status: "queued",
      title: brief.title ?? null,
    },
    relatedInvocationIds: [childId],
  });
  deps.journal.append(runId, {
    type: "agent_invocation_created",
    payload: {
      ...fields,
      profileId: task.targetProfileId,
      kind: "subagent",
      status: "created",
      exitPolicy: "task_return_required",
    },
    relatedInvocationIds: [state.invocationId],
  });
  deps.journal.append(runId, {
    type: "agent_delegate_started",
    payload: { ...fields, invocationId: state.invocationId, ...edge },
    relatedInvocationIds: [childId],
  });
  deps.scheduler.schedule(STEP_JOB, stepRef(runId, childId), now);
  return {
    callId: call.callId,
    toolId: call.toolId ?? null,
    content: `Started delegated task ${task.taskId} with Agent ${task.targetProfileId}. It works in the background; call agent_await to get its result.`,
    structured: { taskId: task.taskId, status: "queued", agentId: task.targetProfileId, childInvocationId: childId },
    isError: false,
    resourceRefs: [],
  };
}
