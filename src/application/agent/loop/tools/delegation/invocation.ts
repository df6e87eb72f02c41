/**
 * What agent.delegate and agent.handoff share (docs/spec/agent-delegation.md §2, §3, §6): looking the
 * target profile up, the new task record, the new invocation's `invocation` info, and storing the
 * new invocation (frozen target profile, first loop state, task and invocation records).
 */
import { AppError } from "../../../../../domain/errors";
import type { InvocationInfo, LoopState, PendingCall } from "../../../../../domain/agent/loop/loop-state";
import { nextWorkspaceKey } from "../../../../../domain/agent/delegation/ids";
import type { Continuation, ExitPolicy, TaskBrief, TaskRecord } from "../../../../../domain/agent/delegation/records";
import { ToolError } from "../../../../../domain/workspace/tool-error";
import type { TargetProfile } from "../../../../../ports/agent-profile-resolver";
import type { StepContext } from "../../context";

/**
 * The profile `agentId` as a delegation target, or null when none has this id. A stored profile
 * that cannot be used becomes a tool error with its own code (e.g. `profile.invalid`).
 */
export function lookupTarget(ctx: StepContext, agentId: string): TargetProfile | null {
  try {
    return ctx.deps.agents.target(agentId);
  } catch (error) {
    if (error instanceof AppError)
      throw new ToolError(error.code, `Agent "${agentId}" cannot be used: ${error.message}`);
    throw error;
  }
}

/** A new `queued` task of the calling invocation for `target`, made by `call` (times ms epoch). */
export function newTaskRecord(
  ctx: StepContext,
  call: PendingCall,
  task: {
    taskId: string;
    childInvocationId: string;
    target: TargetProfile;
    brief: TaskBrief;
    continuation: Continuation;
    delivered: boolean;
    /** The run's tasks so far (their workspace keys are taken). */
    existing: TaskRecord[];
    now: number;
  },
): TaskRecord {
  const { runId, state } = ctx;
  const profileId = task.target.profile.id;
  return {
    runId,
    taskId: task.taskId,
    parentInvocationId: state.invocationId,
    childInvocationId: task.childInvocationId,
    targetProfileId: profileId,
    workspaceKey: nextWorkspaceKey(
      profileId,
      task.existing.map((t) => t.workspaceKey),
    ),
    continuation: task.continuation,
    status: "queued",
    brief: task.brief,
    delegateCallId: call.callId,
    delegateRound: state.round,
    summary: null,
    resultRef: null,
    error: null,
    delivered: task.delivered,
    createdAt: task.now,
    updatedAt: task.now,
  };
}

/** The `invocation` of the loop state of `task`'s new invocation. */
export function invocationInfo(task: TaskRecord, kind: InvocationInfo["kind"]): InvocationInfo {
  return {
    kind,
    profileId: task.targetProfileId,
    taskId: task.taskId,
    parentInvocationId: task.parentInvocationId,
    workspaceKey: task.workspaceKey,
  };
}

/**
 * Stores the new invocation of `task`: its frozen target profile, its first loop state `next`
 * (version 0), the task and the invocation record (`created`).
 */
export function storeNewInvocation(
  ctx: StepContext,
  task: TaskRecord,
  target: TargetProfile,
  next: LoopState,
  how: { kind: InvocationInfo["kind"]; exitPolicy: ExitPolicy; now: number },
): void {
  const { deps, runId } = ctx;
  const id = task.childInvocationId;
  deps.store.putDoc(runId, `invocations/${id}/resolved_profile.json`, JSON.stringify(target.definition));
  deps.store.writeState(runId, JSON.stringify(next), 0, how.now, id);
  deps.delegation.addTask(task);
  deps.delegation.addInvocation({
    runId,
    invocationId: id,
    parentInvocationId: task.parentInvocationId,
    profileId: task.targetProfileId,
    kind: how.kind,
    status: "created",
    exitPolicy: how.exitPolicy,
    taskId: task.taskId,
    createdAt: how.now,
    updatedAt: how.now,
  });
}
