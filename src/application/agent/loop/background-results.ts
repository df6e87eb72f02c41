/**
 * One-time injection of finished task results the caller has not awaited (docs/spec/agent-delegation.md
 * §4): before the caller's next model request, every finished, undelivered task it started is put
 * into the conversation as one user message with the result capsule, and counts as delivered.
 */
import { isUnfinished, renderCapsule } from "../../../domain/agent/delegation/capsule";
import type { StepContext } from "./context";
import { appendMessage } from "./conversation";

export function injectBackgroundResults(ctx: StepContext): void {
  const { deps, runId, state } = ctx;
  const fresh = deps.delegation
    .tasks(runId, state.invocationId)
    .filter((task) => !isUnfinished(task) && !task.delivered);
  if (fresh.length === 0) return;
  appendMessage(ctx, {
    role: "user",
    parts: [{ type: "text", text: renderCapsule(fresh, "Results of delegated tasks you have not awaited") }],
  });
  const now = deps.clock.now();
  for (const task of fresh) deps.delegation.updateTask(runId, task.taskId, { delivered: true }, now);
}
