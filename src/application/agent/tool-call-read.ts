/**
 * readToolCall (docs/spec/agent-runtime.md §9 "Reading one tool call"): one tool call of a run, from
 * the hidden documents the loop wrote (`tool-args/<inv>/round-NNN-call_<h>.json`,
 * `tool-results/<inv>/round-NNN-call_<h>.json`) and the call's journal events (times).
 *
 * A call id is unique only within a turn: `invocationId` defaults to the root invocation, `round`
 * to the latest round that holds the id. `result` is what the model received (an externalized MCP
 * result is the instruction block, as sent); `raw` (MCP only) is the call outcome as the server
 * answered it (text blocks verbatim). Every text is cut at TOOL_CALL_TEXT_LIMIT chars (the journal's
 * size bound, docs/spec/journal.md), `truncated: true` then.
 *
 * Answer: `ToolCallView` (src/contracts/timeline-views.ts) `{callId, invocationId, round, toolId, alias,
 * server?, arguments, argumentsText, result | null (not finished), raw?, startedAt, endedAt, truncated}`.
 * Errors: `agent.run_not_found` (404; unknown run, or another user's), `agent.tool_call_not_found`
 * (404). The caller refuses slimmed runs (`agent.run_slimmed`, 410) before calling.
 */
import { AppError } from "../../domain/errors";
import { exceedsInlineLimit, externalizedContent, readableView } from "../../domain/agent/loop/mcp-projection";
import { auditPaths, callHash, type AgentToolResult } from "../../domain/agent/loop/tool-result";
import { toCallOutcomeDto, type McpCallOutcome, type McpCallOutcomeDto } from "../../domain/mcp/call-outcome";
import type { AgentRunEvent } from "../../domain/agent/run-events";
import { readFrozenProfile } from "../../domain/profiles/resolved";
import { bindingById, readInvocationToolSnapshot } from "../../domain/tools/snapshot";
import { isMcpToolId, parseToolId } from "../../domain/tools/tool-id";
import type { ToolCallView } from "../../contracts/timeline-views";
import type { AgentLoopStore } from "../../ports/agent-loop-store";
import type { RunJournal } from "../../ports/run-journal";
import { ROOT_INVOCATION_ID } from "../../domain/agent/run-ids";
import { modelResponsePath } from "../../domain/agent/loop/loop-state";
import type { ModelResponse } from "../../domain/models/ir";
import { RESOLVED_PROFILE_DOC, TOOL_SNAPSHOT_DOC } from "./loop/context";

/** Longest text (arguments, content, each raw text block) returned whole, Unicode code units. */
export const TOOL_CALL_TEXT_LIMIT = 60_000;

export interface ToolCallReadDeps {
  store: Pick<AgentLoopStore, "getDoc" | "docNames">;
  journal: Pick<RunJournal, "read">;
  /** Display name of an MCP registration, null when it no longer exists. */
  serverName(registrationId: string): string | null;
}

const CALL_EVENTS = new Set(["tool_call_started", "tool_call_completed", "tool_call_failed"]);

export async function readToolCall(
  deps: ToolCallReadDeps,
  input: { runId: string; callId: string; invocationId?: string; round?: number },
): Promise<ToolCallView> {
  const inv = input.invocationId ?? ROOT_INVOCATION_ID;
  const hash = await callHash(input.callId);
  const notFound = () =>
    new AppError("agent.tool_call_not_found", `This run has no tool call ${input.callId.slice(0, 80)}.`, {
      runId: input.runId,
      callId: input.callId.slice(0, 200),
      invocationId: inv,
      ...(input.round !== undefined ? { round: input.round } : {}),
    });
  const round = input.round ?? latestRound(deps, input.runId, inv, hash);
  if (round === null) throw notFound();
  const paths = auditPaths(inv, round, hash);
  const argsText = deps.store.getDoc(input.runId, paths.args);
  if (argsText === null) {
    // A call of the turn the run never reached (after a fatal call, or a cancel) has no argument
    // document: its arguments are read from the stored model response of that round.
    const unreached = input.round === undefined ? null : unreachedCall(deps, input.runId, inv, round, input.callId);
    if (!unreached) throw notFound();
    const cut = new Cutter();
    return {
      callId: input.callId,
      invocationId: inv,
      round,
      toolId: null,
      alias: unreached.alias,
      arguments: parseArguments(unreached.argumentsText, cut),
      argumentsText: cut.text(unreached.argumentsText),
      result: null,
      startedAt: null,
      endedAt: null,
      truncated: cut.truncated,
    };
  }
  const args = JSON.parse(argsText) as { callId: string; name: string; toolId: string | null; argumentsText: string };
  if (args.callId !== input.callId) throw notFound();
  const cut = new Cutter();
  const mcp = args.toolId !== null && isMcpToolId(args.toolId);
  const auditText = deps.store.getDoc(input.runId, paths.result);
  let result: ToolCallView["result"] = null;
  let raw: McpCallOutcomeDto | undefined;
  if (auditText !== null) {
    const audit = JSON.parse(auditText) as AgentToolResult | { result: AgentToolResult; outcome: McpCallOutcome };
    const stored = "outcome" in audit ? audit.result : audit;
    const sent = mcp ? asSent(deps, input.runId, stored, paths.view) : stored;
    result = {
      content: cut.text(sent.content),
      isError: sent.isError,
      errorCode: sent.errorCode ?? null,
      structured: sent.structured,
      resourceRefs: sent.resourceRefs,
    };
    if ("outcome" in audit) raw = cut.outcome(toCallOutcomeDto(audit.outcome));
  }
  const times = callTimes(deps.journal.read.bind(deps.journal), input.runId, inv, round, input.callId);
  const registrationId = mcp ? parseToolId(args.toolId!).providerId.slice("mcp/".length) : null;
  return {
    callId: input.callId,
    invocationId: inv,
    round,
    toolId: args.toolId,
    alias: args.name,
    ...(registrationId ? { server: { registrationId, displayName: deps.serverName(registrationId) } } : {}),
    arguments: parseArguments(args.argumentsText, cut),
    argumentsText: cut.text(args.argumentsText),
    result,
    ...(raw ? { raw } : {}),
    startedAt: times.startedAt,
    endedAt: times.endedAt,
    truncated: cut.truncated,
  };
}

/** Call `callId` of the model response stored for `round` of `inv`, or null. */
function unreachedCall(
  deps: ToolCallReadDeps,
  runId: string,
  inv: string,
  round: number,
  callId: string,
): { alias: string; argumentsText: string } | null {
  const text = deps.store.getDoc(runId, modelResponsePath(round, inv));
  if (text === null) return null;
  const response = JSON.parse(text) as Pick<ModelResponse, "toolCalls">;
  const call = response.toolCalls?.find((c) => c.id === callId);
  return call ? { alias: call.alias, argumentsText: call.argumentsText } : null;
}

/** The latest round whose argument document is this call's, or null. */
function latestRound(deps: ToolCallReadDeps, runId: string, inv: string, hash: string): number | null {
  const suffix = `-call_${hash}.json`;
  let best: number | null = null;
  for (const name of deps.store.docNames(runId, `tool-args/${inv}/round-`)) {
    if (!name.endsWith(suffix)) continue;
    const round = Number(name.slice(`tool-args/${inv}/round-`.length, name.length - suffix.length));
    if (Number.isInteger(round) && (best === null || round > best)) best = round;
  }
  return best;
}

/**
 * An MCP result as the model received it: a result above the profile's inline limit was replaced by
 * the instruction block (docs/spec/tool-system.md §3); the audit keeps the full mapped result.
 */
function asSent(deps: ToolCallReadDeps, runId: string, stored: AgentToolResult, viewPath: string): AgentToolResult {
  const profileText = deps.store.getDoc(runId, RESOLVED_PROFILE_DOC);
  if (profileText === null) return stored;
  const limit = readFrozenProfile(JSON.parse(profileText)).tools.mcpResultInlineCharLimit;
  if (!exceedsInlineLimit(stored.content, limit)) return stored;
  const snapshotText = deps.store.getDoc(runId, TOOL_SNAPSHOT_DOC);
  const snapshot = snapshotText ? readInvocationToolSnapshot(JSON.parse(snapshotText)) : null;
  const readAlias = snapshot ? bindingById(snapshot, "builtin:workspace.read_file")?.modelAlias : undefined;
  const searchAlias = snapshot ? bindingById(snapshot, "builtin:workspace.search_files")?.modelAlias : undefined;
  const auditPath = viewPath.replace(/\.txt$/, ".json");
  return {
    ...stored,
    content: externalizedContent({
      content: stored.content,
      limit,
      viewPath,
      viewLines: readableView(stored.content).split("\n").length,
      ...(readAlias ? { readAlias } : {}),
      ...(searchAlias ? { searchAlias } : {}),
    }),
    structured: {
      externalized: true,
      path: viewPath,
      auditPath,
      charCount: Array.from(stored.content).length,
      charLimit: limit,
    },
    resourceRefs: [...stored.resourceRefs, viewPath, auditPath],
  };
}

function parseArguments(text: string, cut: Cutter): unknown {
  if (text.length > TOOL_CALL_TEXT_LIMIT) return cut.text(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Start and end of the call from its journal events (pages of 500, ascending). */
function callTimes(
  read: RunJournal["read"],
  runId: string,
  inv: string,
  round: number,
  callId: string,
): { startedAt: string | null; endedAt: string | null } {
  let startedAt: string | null = null;
  let endedAt: string | null = null;
  let afterSeq = 0;
  for (;;) {
    const page: AgentRunEvent[] = read(runId, { afterSeq, limit: 500, invocationId: inv });
    for (const event of page) {
      if (!CALL_EVENTS.has(event.type)) continue;
      const p = event.payload as { callId?: unknown; round?: unknown } | null;
      if (p?.callId !== callId || p.round !== round) continue;
      if (event.type === "tool_call_started") startedAt = event.timestamp;
      else endedAt = event.timestamp;
    }
    if (page.length < 500) break;
    afterSeq = page[page.length - 1]!.seq;
  }
  return { startedAt, endedAt };
}

/** Cuts long texts and remembers whether it did. */
class Cutter {
  truncated = false;

  text(value: string): string {
    if (value.length <= TOOL_CALL_TEXT_LIMIT) return value;
    this.truncated = true;
    return value.slice(0, TOOL_CALL_TEXT_LIMIT);
  }

  outcome(dto: McpCallOutcomeDto): McpCallOutcomeDto {
    if (dto.outcome !== "known_response" || dto.response.kind !== "tool_result") return dto;
    const response = dto.response;
    return {
      outcome: "known_response",
      response: {
        ...response,
        textBlocks: response.textBlocks.map((block) => ({ index: block.index, text: this.text(block.text) })),
        ...(response.structuredJson !== undefined ? { structuredJson: this.text(response.structuredJson) } : {}),
      },
    };
  }
}
