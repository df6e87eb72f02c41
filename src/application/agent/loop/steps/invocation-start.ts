/**
 * What every `initialize` step shares (docs/spec/agent-delegation.md §4, §6; docs/spec/agent-runtime.md):
 * - `startDelegatedInvocation`: a child or handoff invocation's task and invocation become `running`
 *   and `agent_task_started` → `agent_invocation_started` are journalled (related to the caller);
 * - `beginFirstRound`: after the tools are prepared and the conversation begins, the model binding is
 *   announced when the profile chose it, `context_assembled` is emitted and the first model step is
 *   scheduled (round 1, attempt 1).
 */
import type { TaskRecord } from "../../../../domain/agent/delegation/records";
import type { ResolvedAgentProfile } from "../../../../domain/agent/loop/profile";
import type { PreparedInvocationTools } from "../../../tools/invocation-tools";
import { taskFields } from "../child-end";
import type { StepContext } from "../context";

/** How the started invocation is described in `agent_invocation_started`. */
export interface DelegatedInvocationKind {
  /** `subagent` (returns to its caller) or `handoff` (the run's new foreground). */
  kind: "subagent" | "handoff";
  exitPolicy: "task_return_required" | "run_finish_allowed";
}

/**
 * Marks the task of this invocation and the invocation `running` and journals its start.
 * Returns the task and the invocation's (target) profile. Throws a plain Error (`<label> <taskId>
 * is missing`) when the task record is gone — a broken run, failed by the loop.
 */
export function startDelegatedInvocation(
  ctx: StepContext,
  how: DelegatedInvocationKind,
  label: string,
): { task: TaskRecord; profile: ResolvedAgentProfile } {
  const { deps, state } = ctx;
  const info = state.invocation!;
  const task = deps.delegation.task(ctx.runId, info.taskId);
  if (!task) throw new Error(`${label} ${info.taskId} is missing`);
  const profile = ctx.profile();
  const now = deps.clock.now();
  deps.delegation.updateTask(ctx.runId, task.taskId, { status: "running" }, now);
  deps.delegation.setInvocationStatus(ctx.runId, state.invocationId, "running", now);
  const related = { relatedInvocationIds: [task.parentInvocationId] };
  deps.journal.append(ctx.runId, {
    type: "agent_task_started",
    payload: { ...taskFields(task), status: "running" },
    ...related,
  });
  deps.journal.append(ctx.runId, {
    type: "agent_invocation_started",
    payload: {
      ...taskFields(task),
      profileId: profile.id,
      kind: how.kind,
      status: "running",
      exitPolicy: how.exitPolicy,
    },
    ...related,
  });
  return { task, profile };
}

/**
 * Resolves the model gateway, emits `agent_model_binding_resolved` (when `announceBinding` and the
 * profile chose the model) and `context_assembled`, and schedules the first model step.
 * `contextPolicy` is the prompt snapshot's (null for delegated invocations).
 */
export async function beginFirstRound(
  ctx: StepContext,
  profile: ResolvedAgentProfile,
  prepared: PreparedInvocationTools,
  options: { contextPolicy: unknown; announceBinding: boolean },
): Promise<void> {
  const { deps, state } = ctx;
  const inv = state.invocationId;
  const gateway = await deps.gatewayFor(state.connectionId, state.modelId ?? null);
  if (options.announceBinding && state.modelSource === "profile") {
    ctx.emit("agent_model_binding_resolved", {
      invocationId: inv,
      mode: "connectionRef",
      connectionId: state.connectionId,
      chatCompletionSource: gateway.provider,
      customApiFormat: null,
      modelId: gateway.modelId,
    });
  }
  ctx.emit("context_assembled", {
    invocationId: inv,
    request: {
      source: gateway.provider,
      model: gateway.modelId,
      messageCount: state.messageCount,
      toolCount: prepared.snapshot.bindings.length,
    },
    tools: prepared.snapshot.bindings.map((b) => ({ toolId: b.descriptor.id, alias: b.modelAlias })),
    diagnostics: prepared.diagnostics,
    maxRounds: profile.tools.maxRounds,
    maxCallsPerInvocation: prepared.snapshot.maxCallsPerInvocation,
    contextPolicy: options.contextPolicy ?? null,
    modelRetry: profile.modelRetry,
  });
  state.phase = "model";
  state.round = 1;
  state.attempt = 1;
  state.interruptedAttempts = 0;
  ctx.next();
}
