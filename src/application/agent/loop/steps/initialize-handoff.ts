/**
 * Step `initialize` of a handoff invocation (docs/spec/agent-delegation.md §6): the run's new
 * foreground. The task starts (`agent_task_started`, `agent_invocation_started`); the tool
 * snapshot is the target profile's own (foreground: it may commit and finish); the conversation
 * begins with the target's system prompt, the run's prompt snapshot and the handoff brief. Commits
 * and the commit target came over in the state. Then `context_assembled` and the first model step.
 */
import { snapshotMessages } from "../../../../domain/agent/loop/prompt-snapshot";
import { toolSnapshotDoc, type StepContext } from "../context";
import { appendMessage, builtinSystemPrompt } from "../conversation";
import { beginFirstRound, startDelegatedInvocation } from "./invocation-start";

export async function initializeHandoffStep(ctx: StepContext): Promise<void> {
  const { deps, state } = ctx;
  const inv = state.invocationId;
  const { task, profile } = startDelegatedInvocation(
    ctx,
    { kind: "handoff", exitPolicy: "run_finish_allowed" },
    "handoff",
  );
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
  await beginFirstRound(ctx, profile, prepared, { contextPolicy: null, announceBinding: false });
}
