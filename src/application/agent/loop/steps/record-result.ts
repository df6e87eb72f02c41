/**
 * Records one tool call's result (docs/spec/journal.md, docs/spec/tool-system.md §1): the audit JSON at
 * `tool-results/<invocationId>/round-NNN-call_<h>.json` (`tool_result_stored`), then
 * `tool_call_completed` or `tool_call_failed` (warn; error for fatal ones), and the tool-role
 * message the model gets next round.
 */
import type { PendingCall } from "../../../../domain/agent/loop/loop-state";
import { providerText, type AgentToolResult } from "../../../../domain/agent/loop/tool-result";
import type { StepContext } from "../context";
import { appendMessage } from "../conversation";

export interface RecordOptions {
  source: "builtin" | "mcp";
  resultPath: string;
  startedAt: number;
  /** What the audit file holds (default: the result itself). */
  audit?: unknown;
  /** Override the journal message (e.g. "MCP tool returned an error; full result: <path>"). */
  message?: string;
  level?: "warn" | "error";
}

/** Stores, journals and appends the result; marks the call done. */
export function recordResult(
  ctx: StepContext,
  call: PendingCall,
  result: AgentToolResult,
  options: RecordOptions,
): void {
  const { state } = ctx;
  const inv = state.invocationId;
  const stored = {
    round: state.round,
    invocationId: inv,
    callId: call.callId,
    toolId: call.toolId ?? null,
    path: options.resultPath,
  };
  const payload = {
    round: state.round,
    invocationId: inv,
    callId: call.callId,
    name: call.name,
    toolId: call.toolId ?? null,
    snapshotId: ctx.toolSnapshot().id,
    isError: result.isError,
    errorCode: result.errorCode ?? null,
    elapsedMs: Math.max(0, ctx.deps.clock.now() - options.startedAt),
    resourceRefs: result.resourceRefs,
  };
  ctx.emitAll([
    ["tool_result_stored", stored],
    result.isError
      ? [
          "tool_call_failed",
          { ...payload, message: options.message ?? result.content.slice(0, 2000) },
          options.level ?? "warn",
        ]
      : ["tool_call_completed", { ...payload, message: null }],
  ]);
  // The result document is written with the tool message, in the same synchronous section.
  appendMessage(
    ctx,
    {
      role: "tool",
      parts: [
        {
          type: "toolResult",
          result: {
            callId: call.callId,
            alias: call.name,
            content: providerText(result, options.source),
            isError: result.isError,
          },
        },
      ],
    },
    [[options.resultPath, JSON.stringify(options.audit ?? result)]],
  );
  call.status = "done";
}
