/**
 * One MCP tool call inside a run (docs/spec/tool-system.md §3): the call is marked `started` in SQLite
 * before the request leaves (a step that dies mid-call never resends it: the re-run records
 * OutcomeUnknown), sent through the send-time recheck (`callPermittedTool`, cancel bridged through
 * the step's AbortSignal) once an outbound slot is free (outbound.ts; `waitingOn` `queue` then
 * `tool`), mapped to an AgentToolResult and, above the profile's
 * `mcpResultInlineCharLimit`, externalized: a line-addressable view at
 * `tool-results/<inv>/round-NNN-call_<h>.txt` (a read-only visible workspace file,
 * `tool_result_readable_view_stored`) and an instruction block with a 3,000-char preview.
 */
import {
  mapMcpOutcome,
  exceedsInlineLimit,
  externalizedContent,
  readableView,
  type McpMapped,
} from "../../../../domain/agent/loop/mcp-projection";
import type { PendingCall } from "../../../../domain/agent/loop/loop-state";
import { outcomeUnknown } from "../../../../domain/mcp/call-outcome";
import { bindingById } from "../../../../domain/tools/snapshot";
import { countChars } from "../../../../domain/workspace/text-metrics";
import type { StepContext } from "../context";
import { outboundCall } from "../outbound";

export interface McpCallResult extends McpMapped {
  /** The original mapped result + outcome, for the audit file. */
  audit: unknown;
}

export async function callMcp(
  ctx: StepContext,
  call: PendingCall,
  args: Record<string, unknown>,
): Promise<McpCallResult> {
  const toolId = call.toolId!;
  let outcome;
  if (call.status === "started") {
    outcome = outcomeUnknown(
      "mcp.call_response_failed",
      "The server restarted while this call was in flight; whether the tool ran is unknown.",
    );
  } else {
    outcome = await outboundCall(ctx, "tool", call.name, () => {
      call.status = "started";
      call.startedAt = ctx.deps.clock.now();
      call.deadlineAt = call.startedAt + ctx.deps.mcpStepMs;
      ctx.save();
      return ctx.deps.callMcpTool(toolId, args, ctx.signal);
    });
  }
  const mapped = mapMcpOutcome(call.callId, toolId, outcome);
  return { ...mapped, audit: { result: mapped.result, outcome } };
}

/** Externalizes a long result (returns it unchanged when it fits the limit). */
export async function externalizeIfLong(
  ctx: StepContext,
  mapped: McpMapped,
  paths: { result: string; view: string },
): Promise<McpMapped> {
  const limit = ctx.profile().tools.mcpResultInlineCharLimit;
  const content = mapped.result.content;
  if (!exceedsInlineLimit(content, limit)) return mapped;
  const view = readableView(content);
  const { deps } = ctx;
  const blob = await deps.workspace.blobs.put(view);
  deps.workspace.files.putFile(
    ctx.runId,
    { path: paths.view, sha256: blob.sha256, bytes: blob.bytes },
    deps.clock.now(),
    false,
  );
  ctx.emit("tool_result_readable_view_stored", {
    invocationId: ctx.state.invocationId,
    round: ctx.state.round,
    callId: mapped.result.callId,
    toolId: mapped.result.toolId,
    path: paths.view,
    auditPath: paths.result,
  });
  const snapshot = ctx.toolSnapshot();
  const readAlias = bindingById(snapshot, "builtin:workspace.read_file")?.modelAlias;
  const searchAlias = bindingById(snapshot, "builtin:workspace.search_files")?.modelAlias;
  const instructions = externalizedContent({
    content,
    limit,
    viewPath: paths.view,
    viewLines: view.split("\n").length,
    ...(readAlias ? { readAlias } : {}),
    ...(searchAlias ? { searchAlias } : {}),
  });
  return {
    terminate: mapped.terminate,
    result: {
      ...mapped.result,
      content: instructions,
      structured: {
        externalized: true,
        path: paths.view,
        auditPath: paths.result,
        charCount: countChars(content),
        charLimit: limit,
      },
      resourceRefs: [...mapped.result.resourceRefs, paths.view, paths.result],
    },
  };
}
