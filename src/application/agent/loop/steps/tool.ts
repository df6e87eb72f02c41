/**
 * Step `tool` (docs/spec/agent-runtime.md §3 step 4, docs/spec/tool-system.md §1, §3, docs/spec/agent-runtime.md §4): exactly one tool call of the
 * current turn, in order: `dispatching_tool` → `tool_call_requested` → `tool_call_started` →
 * dispatch → `tool_result_stored` → `tool_call_completed|failed`. Gate outcomes decided in the
 * model step: recoverable ones become error results; a fatal one (`model.unknown_tool_call`,
 * `model.tool_choice_violation`) is journaled and fails the run. OutcomeUnknown from MCP records
 * the result and ends the run without touching the rest of the batch. After a successful
 * workspace.finish: `agent_loop_finished` → step `finish`. After the last call of a turn the next
 * round starts, or the run fails with `agent.max_tool_rounds_exceeded` past maxRounds.
 * Cancellation is checked after every tool call. An MCP call whose tool is Ask first passes the
 * approval gate (approval-gate.ts): it may park the run until the user decides.
 */
import { AppError } from "../../../../domain/errors";
import type { PendingCall } from "../../../../domain/agent/loop/loop-state";
import { auditPaths, callHash, errorResult, type AgentToolResult } from "../../../../domain/agent/loop/tool-result";
import { normalizeToolArguments } from "../../../../domain/tools/tool-arguments";
import { approvalGate, asksFirst } from "./approval-gate";
import { runBuiltin } from "../tools/builtin";
import type { JournalEntry, StepContext } from "../context";
import { RunCancelled } from "../run-cancelled";
import { callMcp, externalizeIfLong } from "../tools/mcp";
import { recordResult } from "./record-result";
import { TASK_RETURN_ID } from "../../../../domain/agent/delegation/child-tools";
import { ToolError } from "../../../../domain/workspace/tool-error";
import { agentAwait, type AwaitStep } from "../tools/delegation/await";
import { taskReturn, type TaskReturnOutcome } from "../tools/delegation/task-return";
import { completeChild } from "../child-end";
import { agentHandoff, transferHandoff, type HandoffOutcome } from "../tools/delegation/handoff";

const AWAIT_ID = "builtin:agent.await";
const HANDOFF_ID = "builtin:agent.handoff";

/** Runs a delegation tool; its ToolErrors become error results. */
function delegationStep(call: PendingCall, run: () => AwaitStep): AwaitStep {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return { kind: "result", result: errorResult(call.callId, call.toolId ?? null, error.code, error.message) };
  }
}

async function delegationStepAsync(
  call: PendingCall,
  run: () => Promise<{ result: AgentToolResult; outcome: TaskReturnOutcome }>,
): Promise<{ result: AgentToolResult; outcome?: TaskReturnOutcome }> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return { result: errorResult(call.callId, call.toolId ?? null, error.code, error.message) };
  }
}

export async function dispatchToolStep(ctx: StepContext): Promise<void> {
  const { state } = ctx;
  const call = state.calls[state.nextCall];
  if (!call) throw new AppError("agent.loop_state_invalid", "The run has no pending tool call to dispatch.");
  const inv = state.invocationId;
  const snapshotId = ctx.toolSnapshot().id;
  const paths = auditPaths(inv, state.round, await callHash(call.callId));
  const base = {
    round: state.round,
    invocationId: inv,
    callId: call.callId,
    name: call.name,
    toolId: call.toolId ?? null,
    snapshotId,
  };
  const resumed = call.status === "started" || call.status === "dispatched" || call.status === "waiting_tasks";
  const fresh = !resumed && call.status !== "awaiting";
  const requested: JournalEntry = ["tool_call_requested", { ...base, argumentsRef: call.argsPath }];
  if (call.decision === "fatal") {
    if (fresh) ctx.status("dispatching_tool", [requested]);
    ctx.emit(
      "tool_call_failed",
      { ...base, isError: true, errorCode: call.code, message: call.message, elapsedMs: 0, resourceRefs: [] },
      "error",
    );
    throw new AppError(
      call.code ?? "model.unknown_tool_call",
      call.message ?? "The model called a tool that is not available.",
    );
  }
  const argsDoc = JSON.parse(ctx.requireDoc(call.argsPath)) as { argumentsText: string };
  const args = normalizeToolArguments(argsDoc.argumentsText);
  const isMcp = (call.toolId ?? "").startsWith("mcp/");
  const gated = !resumed && isMcp && call.decision === "dispatch" && args.kind === "object";
  // A fresh call no one is asked about starts at once: requested and started are one journal
  // write with the status change (docs/decisions/3650).
  const startsNow = fresh && !(gated && asksFirst(ctx, call));
  if (fresh) ctx.status("dispatching_tool", startsNow ? [requested, ["tool_call_started", base]] : [requested]);
  // Ask: the call waits for the user's decision before it starts (docs/spec/approvals.md).
  const gate = gated && !startsNow ? approvalGate(ctx, call) : null;
  if (gate?.kind === "park") return;
  if (!resumed) {
    if (!startsNow) ctx.emit("tool_call_started", base);
    // An MCP call may wait for an outbound slot: keep "already journaled" across a restart.
    if (isMcp && call.decision === "dispatch" && args.kind === "object" && gate?.kind !== "declined") {
      call.status = "dispatched";
      ctx.save();
    }
  }
  const startedAt = ctx.deps.clock.now();
  let result: AgentToolResult;
  let terminate = false;
  let audit: unknown;
  let message: string | undefined;
  let returned: TaskReturnOutcome | undefined;
  let handoff: HandoffOutcome | undefined;
  if (gate?.kind === "declined") {
    result = errorResult(call.callId, call.toolId ?? null, gate.code, gate.message);
  } else if (call.decision === "recoverable" || args.kind !== "object") {
    result = errorResult(
      call.callId,
      call.toolId ?? null,
      call.code ?? "tool.invalid_arguments",
      call.message ?? "Tool arguments must be a JSON object.",
    );
  } else if (call.toolId === AWAIT_ID) {
    const step = delegationStep(call, () => agentAwait(ctx, call, args.value));
    if (step.kind === "park") {
      // Parked: no step runs until a task ends or the timeout's step comes due (docs/spec/agent-delegation.md §3).
      call.status = "waiting_tasks";
      call.awaitUntil = step.until;
      ctx.waitOn("child");
      ctx.next(step.until);
      return;
    }
    result = step.result;
  } else if (call.toolId === HANDOFF_ID) {
    try {
      const handed = agentHandoff(ctx, call, args.value);
      result = handed.result;
      handoff = handed.outcome;
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      result = errorResult(call.callId, call.toolId ?? null, error.code, error.message);
    }
  } else if (call.toolId === TASK_RETURN_ID) {
    const step = await delegationStepAsync(call, () => taskReturn(ctx, call, args.value));
    result = step.result;
    returned = step.outcome;
  } else if (isMcp) {
    const called = await callMcp(ctx, call, args.value);
    const projected = await externalizeIfLong(ctx, called, paths);
    result = projected.result;
    terminate = called.terminate;
    audit = called.audit;
    if (result.isError && result.errorCode === "mcp.tool_error")
      message = `MCP tool returned an error; full result: ${paths.result}`;
  } else {
    result = await runBuiltin(ctx, call, args.value);
  }
  const commit = result.isError ? undefined : call.toolId === "builtin:workspace.commit";
  recordResult(ctx, call, result, {
    source: isMcp ? "mcp" : "builtin",
    resultPath: paths.result,
    startedAt,
    audit,
    ...(message ? { message } : {}),
    ...(terminate ? { level: "error" as const } : {}),
  });
  if (commit) {
    const last = state.commits[state.commits.length - 1]!;
    ctx.emit("chat_commit_recorded", {
      invocationId: inv,
      commitCount: state.commits.length,
      path: last.path,
      mode: last.mode,
      messageId: last.messageId,
    });
  }
  if (handoff) {
    // The run goes on under the target profile (docs/spec/agent-delegation.md §6).
    call.status = "done";
    transferHandoff(ctx, handoff);
    return;
  }
  if (returned) {
    // task.return ends the child (docs/spec/agent-delegation.md §4).
    call.status = "done";
    state.phase = "done";
    ctx.save();
    completeChild(ctx.deps, state, returned);
    return;
  }
  if (terminate) {
    if (ctx.cancelRequested()) throw new RunCancelled();
    throw new AppError("mcp.call_outcome_unknown", result.content, { callId: call.callId, toolId: call.toolId });
  }
  if (ctx.cancelRequested()) throw new RunCancelled();
  if (state.finished) {
    ctx.emit("agent_loop_finished", { commitCount: state.commits.length, round: state.round, invocationId: inv });
    state.phase = "finish";
    ctx.next();
    return;
  }
  state.nextCall += 1;
  if (state.nextCall < state.calls.length) {
    ctx.next();
    return;
  }
  const maxRounds = ctx.profile().tools.maxRounds;
  if (state.round >= maxRounds) {
    throw new AppError(
      "agent.max_tool_rounds_exceeded",
      `The ${ctx.isChild ? "sub-agent" : "run"} used all ${maxRounds} rounds without calling ${ctx.isChild ? "task_return" : "workspace_finish"}.`,
      { maxRounds },
    );
  }
  state.round += 1;
  state.attempt = 1;
  state.interruptedAttempts = 0;
  state.calls = [];
  state.nextCall = 0;
  state.phase = "model";
  ctx.next();
}
