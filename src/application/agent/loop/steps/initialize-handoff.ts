/**
 * Step `initialize` of a handoff invocation (docs/spec/agent-delegation.md §6): the run's new
 * foreground. The task starts (`agent_task_started`, `agent_invocation_started`); the tool
 * snapshot is the target profile's own (foreground: it may commit and finish); the conversation
 * begins with the target's system prompt, the run's prompt snapshot and the handoff brief. Commits
 * and the commit target came over in the state. Then `context_assembled` and the first model step.
 */
import { snapshotMessages } from "../../../../domain/agent/loop/prompt-snapshot";
import { taskFields } from "../child-end";
import { toolSnapshotDoc, type StepContext } from "../context";
import { appendMessage, builtinSystemPrompt } from "../conversation";

export async function initializeHandoffStep(ctx: StepContext): Promise<void> {
  const { deps, state } = ctx;
  const info = state.invocation!;
  const inv = state.invocationId;
  const task = deps.delegation.task(ctx.runId, info.taskId);
  if (!task) throw new Error(`handoff ${info.taskId} is missing`);
  const profile = ctx.profile();
  const now = deps.clock.now();
  deps.delegation.updateTask(ctx.runId, task.taskId, { status: "running" }, now);
  deps.delegation.setInvocationStatus(ctx.runId, inv, "running", now);
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
      kind: "handoff",
      status: "running",
      exitPolicy: "run_finish_allowed",
    },
    ...related,
  });
  ctx.status("assembling_context");
  const prepared = await deps.prepareTools(profile.tools, inv);
  ctx.putDoc(toolSnapshotDoc(inv), JSON.stringify(prepared.snapshot));
  appendMessage(ctx, {
    role: "system",
    parts: [{ type: "text", text: profile.agentSystemPrompt ?? builtinSystemPrompt(profile.messageBodyPath) }],
  });
  for (const message of snapshotMessages(ctx.promptSnapshot())) appendMessage(ctx, message);
  const caller = deps.delegation.invocation(ctx.runId, task.parentInvocationId);
  appendMessage(ctx, {
    role: "user",
    parts: [
      {
        type: "text",
        text: [
          `Agent "${caller?.profileId ?? task.parentInvocationId}" handed this run off to you${state.commits.length > 0 ? ` after ${state.commits.length} commit(s)` : ""}:`,
          "```json",
          JSON.stringify(task.brief, null, 2),
          "```",
          "Continue the work; commit the message and finish the run when it is done.",
        ].join("\n"),
      },
    ],
  });
  const gateway = await deps.gatewayFor(state.connectionId, state.modelId ?? null);
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
    contextPolicy: null,
    modelRetry: profile.modelRetry,
  });
  state.phase = "model";
  state.round = 1;
  state.attempt = 1;
  state.interruptedAttempts = 0;
  ctx.next();
}
