/**
 * Step `tool` (docs/spec/generation.md "Tools"; the legacy call path): one MCP call of the round's
 * batch per step, then, when every call has its outcome, the batch is saved atomically (the
 * assistant message with `toolCalls[]`, one `tool` row per call holding the outcome JSON) and the
 * next round starts.
 *
 * Per call, in order: an alias this round did not advertise → NotSent
 * `mcp.legacy_tool_not_advertised`; arguments over 256 KiB → `mcp.call_arguments_size_limit`;
 * blank → `{}`; not JSON → `mcp.call_arguments_invalid_json`; then the call is marked `started`
 * in SQLite (after the approval gate when its tool is Ask, approval-gate.ts) and sent through the send-time recheck (`callPermittedTool`) with the step's signal.
 * A call found `started` by a later step (the object restarted mid-call) is OutcomeUnknown and is
 * never re-sent. Known errors and NotSent become error tool rows and the batch goes on.
 * OutcomeUnknown, or Stop, ends the generation at once: the round's text is saved without tool
 * calls, with the outcomeUnknown notice for calls that may have run; nothing is retried.
 */
import { notSent, outcomeUnknown, toCallOutcomeDto, type McpCallOutcome } from "../../domain/mcp/call-outcome";
import { MCP_LIMITS } from "../../domain/mcp/gateway-limits";
import type { BatchCall, GenerationError } from "../../domain/generation/state";
import { parseJsonExact } from "../../domain/tools/tool-arguments";
import { saveToolBatch } from "../chats/generation-writes";
import { generationApprovalGate } from "./approval-gate";
import type { GenerationContext } from "./context";
import { endInterrupted, replyExtra, type UnknownCall } from "./finish";

export async function toolStep(ctx: GenerationContext): Promise<void> {
  const { state } = ctx;
  const batch = state.batch!;
  const call = batch.calls.find((c) => c.status !== "done");
  if (!call) return saveBatch(ctx);
  if (ctx.stopRequested()) return interrupt(ctx, "stopped", []);
  let outcome: McpCallOutcome;
  if (call.status === "started") {
    outcome = outcomeUnknown(
      "mcp.call_response_failed",
      "The server restarted while this tool call was in flight; whether the tool ran is unknown.",
    );
  } else {
    const prepared = prepareArguments(call);
    const gate = "outcome" in prepared ? null : generationApprovalGate(ctx, call);
    if (gate?.kind === "park") return;
    if ("outcome" in prepared) outcome = prepared.outcome;
    else if (gate?.kind === "declined") outcome = notSent(gate.code, gate.message);
    else {
      try {
        outcome = await ctx.deps.outbound.run(() => ctx.deps.callMcpTool(call.toolId!, prepared.args, ctx.signal), {
          signal: ctx.signal,
          // Marked `started` only once it has a slot: a call still queued was never sent.
          onStart: () => {
            call.status = "started";
            ctx.save();
          },
        });
      } catch (error) {
        if (!ctx.signal.aborted) throw error;
        outcome =
          (call.status as BatchCall["status"]) === "started"
            ? outcomeUnknown(
                "mcp.call_cancelled",
                "The call was cancelled after it was sent; whether the tool ran is unknown.",
              )
            : notSent("mcp.call_cancelled_before_send", "The call was cancelled before it was sent.");
      }
    }
  }
  if (outcome.outcome === "outcome_unknown") {
    const unknown: UnknownCall = {
      callId: call.callId,
      toolId: call.toolId,
      alias: call.alias,
      at: new Date(ctx.deps.clock.now()).toISOString(),
    };
    if (ctx.stopRequested()) return interrupt(ctx, "stopped", [unknown]);
    return interrupt(ctx, "failed", [unknown], {
      code: outcome.issue.code,
      message: `The tool "${call.alias}" may have run, but no result came back (${outcome.issue.message}). Nothing was retried.`,
    });
  }
  if (ctx.stopRequested() && outcome.outcome === "not_sent") return interrupt(ctx, "stopped", []);
  call.status = "done";
  call.content = JSON.stringify(toCallOutcomeDto(outcome), null, 2);
  call.isError = isErrorOutcome(outcome);
  ctx.save();
  if (batch.calls.every((c) => c.status === "done")) saveBatch(ctx);
}

/** The legacy argument rules before the permitted-call path. */
function prepareArguments(call: BatchCall): { args: Record<string, unknown> } | { outcome: McpCallOutcome } {
  if (call.toolId === null)
    return {
      outcome: notSent(
        "mcp.legacy_tool_not_advertised",
        `MCP tool alias "${call.alias}" was not advertised to the model in this round.`,
      ),
    };
  const bytes = new TextEncoder().encode(call.argumentsText).length;
  if (bytes > MCP_LIMITS.argumentsBytes)
    return {
      outcome: notSent(
        "mcp.call_arguments_size_limit",
        `Tool arguments are ${bytes} bytes; the limit is ${MCP_LIMITS.argumentsBytes} bytes (256 KiB).`,
      ),
    };
  if (call.argumentsText.trim() === "") return { args: {} };
  try {
    return { args: parseJsonExact(call.argumentsText) as Record<string, unknown> };
  } catch {
    return {
      outcome: notSent("mcp.call_arguments_invalid_json", "The tool arguments the model sent are not valid JSON."),
    };
  }
}

function isErrorOutcome(outcome: McpCallOutcome): boolean {
  if (outcome.outcome !== "known_response") return true;
  const response = outcome.response;
  return response.kind !== "tool_result" || response.result.isError;
}

function displayName(ctx: GenerationContext, call: BatchCall): string {
  const tool = ctx.state.tools.find((t) => t.toolId === call.toolId);
  return tool ? `${tool.nativeName} (${tool.serverDisplayName})` : call.alias;
}

/** Saves the complete batch atomically and moves to the next round. */
function saveBatch(ctx: GenerationContext): void {
  const { state } = ctx;
  const batch = state.batch!;
  const continueId = state.target.kind === "continue" && state.batchesSaved === 0 ? state.target.messageId : undefined;
  const ids = saveToolBatch(
    ctx.deps.chats,
    ctx.chatId,
    {
      text: batch.text,
      toolCalls: batch.calls.map((c) => ({ id: c.callId, name: c.alias, arguments: c.argumentsText })),
      extra: replyExtra(batch.reasoning),
    },
    batch.calls.map((c) => ({
      toolCallId: c.callId,
      name: displayName(ctx, c),
      text: c.content ?? "",
      extra: {
        tauritavern: {
          tool: { toolId: c.toolId, alias: c.alias, executionCallId: c.executionCallId, isError: c.isError === true },
        },
      },
    })),
    continueId,
  );
  state.messageIds.push(...ids);
  state.batchesSaved += 1;
  state.batch = null;
  state.round += 1;
  state.attempt = 1;
  state.inAttempt = false;
  state.phase = "model";
  ctx.save();
}

function interrupt(
  ctx: GenerationContext,
  status: "stopped" | "failed",
  unknown: UnknownCall[],
  error: GenerationError | null = null,
): void {
  const batch = ctx.state.batch!;
  endInterrupted(ctx, status, error, { text: batch.text, reasoning: batch.reasoning, partial: false, unknown });
}
