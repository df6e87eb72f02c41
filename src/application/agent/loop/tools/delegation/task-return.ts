/**
 * `task.return` (docs/spec/agent-delegation.md §3): a return-mode child gives its result to its
 * caller. The summary is bounded by the child profile's `resultBudgetTokens`
 * (`agent.task_result_too_large`, the child may shorten it). Writes the hidden result document
 * `agent-results/<childInvocationId>.json` and the workspace file
 * `summaries/<workspaceKey>-result.md`, journals `task_return_recorded` and marks the state so the
 * tool step ends the child after the call (tasks/child-end.ts `completeChild`).
 */
import { badArgs, onlyKeys, optString, reqString, type Args } from "../../../../../domain/agent/loop/builtin-args";
import type { PendingCall } from "../../../../../domain/agent/loop/loop-state";
import type { AgentToolResult } from "../../../../../domain/agent/loop/tool-result";
import { TASK_RETURN_DENIED } from "../../../../../domain/agent/delegation/child-tools";
import { estimateTokens } from "../../../../../domain/agent/delegation/capsule";
import { textMetrics } from "../../../../../domain/workspace/text-metrics";
import { ToolError } from "../../../../../domain/workspace/tool-error";
import { writeRuntimeFile } from "../../../../workspace";
import { taskFields } from "../../child-end";
import type { StepContext } from "../../context";

const KEYS = [
  "summary",
  "status",
  "confidence",
  "artifacts",
  "findings",
  "warnings",
  "suggestedNextActions",
  "questionsForCaller",
];

/** What task.return leaves for the tool step to finish the child with. */
export interface TaskReturnOutcome {
  status: "completed" | "failed";
  summary: string;
  resultRef: string;
  summaryRef: string;
}

export async function taskReturn(
  ctx: StepContext,
  call: PendingCall,
  args: Args,
): Promise<{ result: AgentToolResult; outcome: TaskReturnOutcome }> {
  const info = ctx.state.invocation;
  if (!info) throw new ToolError(TASK_RETURN_DENIED.code, TASK_RETURN_DENIED.message);
  onlyKeys(args, KEYS, "task_return");
  const summary = reqString(args, "summary");
  if (summary.trim() === "") throw badArgs('"summary" must not be empty.');
  const status = (optString(args, "status") ?? "completed") as TaskReturnOutcome["status"];
  if (status !== "completed" && status !== "failed") throw badArgs('"status" must be completed or failed.');
  const budget = ctx.profile().delegation.resultBudgetTokens;
  const tokens = estimateTokens(summary);
  if (tokens > budget)
    throw new ToolError(
      "agent.task_result_too_large",
      `The summary is about ${tokens} tokens; this agent may return at most ${budget} (resultBudgetTokens). Shorten it, or write the details into a workspace file and name it in artifacts.`,
      { tokens, budget },
    );
  const { deps, runId, state } = ctx;
  const resultRef = `agent-results/${state.invocationId}.json`;
  const summaryRef = `summaries/${info.workspaceKey}-result.md`;
  const { summary: _s, status: _st, ...result } = args;
  ctx.putDoc(
    resultRef,
    JSON.stringify({
      schemaVersion: 1,
      kind: "tauritavern.agentTaskResult",
      status,
      summary,
      summaryRef,
      result,
      runtime: {
        taskId: info.taskId,
        runId,
        parentInvocationId: info.parentInvocationId,
        childInvocationId: state.invocationId,
        targetProfileId: info.profileId,
        workspaceKey: info.workspaceKey,
      },
    }),
  );
  await writeRuntimeFile(deps.workspace, runId, summaryRef, summary);
  const metrics = textMetrics(summary);
  const task = deps.delegation.task(runId, info.taskId);
  ctx.emit("task_return_recorded", {
    ...(task ? taskFields(task) : {}),
    invocationId: state.invocationId,
    parentInvocationId: info.parentInvocationId,
    taskId: info.taskId,
    status,
    resultRef,
    summaryRef,
    summaryChars: metrics.chars,
    summaryWords: metrics.words,
  });
  state.taskReturned = true;
  return {
    result: {
      callId: call.callId,
      toolId: call.toolId ?? null,
      content: `Returned the task result (${status}) to the caller.`,
      structured: { taskId: info.taskId, status, resultRef, summaryRef },
      isError: false,
      resourceRefs: [summaryRef],
    },
    outcome: { status, summary, resultRef, summaryRef },
  };
}
