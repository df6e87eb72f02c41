/**
 * Step `initialize` of a child invocation (docs/spec/agent-delegation.md §4): the run's workspace
 * already exists; the task starts (`agent_task_started`, `agent_invocation_started`), the child's
 * tool snapshot is compiled from the target profile without the tools a child may not use plus
 * `task.return`, and its conversation begins with the target's system prompt and the task brief —
 * never the caller's conversation (the chat stays readable through the chat tools, over the same
 * frozen prefix). Then `context_assembled` and the first model step. Local work only.
 */
import { childToolPolicy } from "../../../../domain/agent/delegation/child-tools";
import { toolSnapshotDoc, type StepContext } from "../context";
import { appendMessage } from "../conversation";
import { beginFirstRound, startDelegatedInvocation } from "./invocation-start";

/** The built-in system prompt of a sub-agent whose profile has none of its own. */
export function builtinChildPrompt(): string {
  return [
    "You are an Agent working on one task that another Agent delegated to you. You work only through tools.",
    "You can read the chat with chat_search and chat_read_messages and use the workspace files your tools allow; write longer material into workspace files and name them in your result.",
    "You cannot write to the chat. When the task is done (or cannot be done), call task_return with a complete summary as the last tool call of your turn. Text you write outside tools is not seen by anyone.",
  ].join("\n");
}

/** The first user message: the task brief as given to agent.delegate. */
export function taskBriefMessage(brief: Record<string, unknown>, callerProfileId: string): string {
  return [
    `Agent "${callerProfileId}" delegated this task to you:`,
    "```json",
    JSON.stringify(brief, null, 2),
    "```",
    "Do it with your tools, then call task_return.",
  ].join("\n");
}

export async function initializeChildStep(ctx: StepContext): Promise<void> {
  const { deps, state } = ctx;
  const inv = state.invocationId;
  const { task, profile } = startDelegatedInvocation(
    ctx,
    { kind: "subagent", exitPolicy: "task_return_required" },
    "task",
  );
  const prepared = await deps.prepareTools(childToolPolicy(profile.tools, profile.delegation), inv);
  ctx.putDoc(toolSnapshotDoc(inv), JSON.stringify(prepared.snapshot));
  const caller = deps.delegation.invocation(ctx.runId, task.parentInvocationId);
  appendMessage(ctx, {
    role: "system",
    parts: [{ type: "text", text: profile.agentSystemPrompt ?? builtinChildPrompt() }],
  });
  appendMessage(ctx, {
    role: "user",
    parts: [{ type: "text", text: taskBriefMessage(task.brief, caller?.profileId ?? task.parentInvocationId) }],
  });
  await beginFirstRound(ctx, profile, prepared, { contextPolicy: null, announceBinding: true });
}
