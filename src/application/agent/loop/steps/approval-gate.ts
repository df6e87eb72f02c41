/**
 * Ask in Agent runs (docs/spec/approvals.md "Agent runs"): before an MCP call whose tool is set to
 * Ask is sent, the run waits for the user's decision without holding anything in memory.
 *
 * `approvalGate` runs in the tool step after `tool_call_requested`:
 * - the call has no approval and its tool is Ask now → this call and every later call of the turn
 *   whose tool is Ask are asked together, in order (`tool_call_awaiting_approval` each, frames
 *   `approval.requested`); the run parks;
 * - its approval is pending → the run parks (status `awaiting_approval`, `waitingOn.approval`, no
 *   step scheduled, the call `awaiting`);
 * - approved → the call goes on (status back to `dispatching_tool`);
 * - denied / cancelled → the model gets a NotSent error result `mcp.approval_denied`; expired →
 *   `mcp.approval_expired`; the turn goes on.
 * `onRunApprovalResolved` (the approval service's hook) journals `tool_call_approved` or
 * `tool_call_denied` and schedules the parked step when the approval it waits on ended.
 */
import { declinedIssue, type ApprovalRecord } from "../../../../domain/approvals/approval";
import type { ErrorCode } from "../../../../domain/errors";
import type { PendingCall } from "../../../../domain/agent/loop/loop-state";
import type { LoopState } from "../../../../domain/agent/loop/loop-state";
import { stepRef } from "../../../../domain/agent/loop/step-ref";
import { isTerminalStatus } from "../../../../domain/agent/run-status";
import type { StepContext } from "../context";
import { STEP_JOB, type LoopDeps } from "../deps";

/** What the tool step does with the call. */
export type GateResult = { kind: "go" } | { kind: "park" } | { kind: "declined"; code: ErrorCode; message: string };

const GO: GateResult = { kind: "go" };

/** See the file docstring. Only called for an MCP call the gate decided to dispatch, not yet sent. */
export function approvalGate(ctx: StepContext, call: PendingCall): GateResult {
  const { deps, state } = ctx;
  if (call.approvalId) {
    const record = deps.approvals.find(call.approvalId);
    if (record?.status === "pending") return park(ctx, call);
    const issue = record ? declinedIssue(record) : declinedIssue({ status: "cancelled", alias: call.name });
    if (issue) return { kind: "declined", ...issue };
    if (current(ctx) === "awaiting_approval") ctx.status("dispatching_tool");
    return GO;
  }
  const ask = deps.toolAsk(call.toolId!);
  if (ask?.permission !== "ask") return GO;
  const batch: Array<{ call: PendingCall; ask: NonNullable<typeof ask> }> = [{ call, ask }];
  for (const later of state.calls.slice(state.nextCall + 1)) {
    if (later.decision !== "dispatch" || later.approvalId || !later.toolId?.startsWith("mcp/")) continue;
    const laterAsk = deps.toolAsk(later.toolId);
    if (laterAsk?.permission === "ask") batch.push({ call: later, ask: laterAsk });
  }
  const records = deps.approvals.request(
    batch.map(({ call: c, ask: a }) => ({
      runId: ctx.runId,
      invocationId: state.invocationId,
      chatId: ctx.run.stableChatId,
      callId: c.callId,
      toolId: c.toolId!,
      alias: c.name,
      registrationId: a.registrationId,
      serverName: a.serverName,
      argumentsText: argumentsText(ctx, c),
    })),
  );
  records.forEach((record, i) => {
    const asked = batch[i]!.call;
    asked.approvalId = record.id;
    ctx.emit("tool_call_awaiting_approval", {
      round: state.round,
      invocationId: state.invocationId,
      callId: asked.callId,
      name: asked.name,
      toolId: asked.toolId ?? null,
      approvalId: record.id,
      serverName: record.serverName,
      expiresAt: new Date(record.expiresAt).toISOString(),
    });
  });
  return park(ctx, call);
}

/**
 * Whether `approvalGate` would ask about this fresh call (no approval yet, its tool set to Ask now)
 * rather than let it go at once. Reads only; the tool step journals `tool_call_started` with the
 * status change when this is false.
 */
export function asksFirst(ctx: StepContext, call: PendingCall): boolean {
  return call.approvalId !== undefined || ctx.deps.toolAsk(call.toolId!)?.permission === "ask";
}

function current(ctx: StepContext): string | undefined {
  return ctx.deps.runs.find(ctx.runId)?.status;
}

function park(ctx: StepContext, call: PendingCall): GateResult {
  call.status = "awaiting";
  if (current(ctx) !== "awaiting_approval") ctx.status("awaiting_approval");
  ctx.waitOn("approval", call.name);
  ctx.save();
  return { kind: "park" };
}

function argumentsText(ctx: StepContext, call: PendingCall): string {
  const doc = ctx.doc(call.argsPath);
  if (doc === null) return "{}";
  return (JSON.parse(doc) as { argumentsText: string }).argumentsText;
}

/** The approval service's hook for runs: journal the end, wake the parked step (see the file docstring). */
export function onRunApprovalResolved(deps: LoopDeps, record: ApprovalRecord): void {
  const runId = record.runId!;
  const invocationId = record.invocationId ?? "inv_root";
  const run = deps.runs.find(runId);
  if (!run || isTerminalStatus(run.status)) return;
  deps.journal.append(runId, {
    type: record.status === "approved" ? "tool_call_approved" : "tool_call_denied",
    payload: {
      invocationId,
      callId: record.callId,
      name: record.alias,
      toolId: record.toolId,
      approvalId: record.id,
      status: record.status,
      decision: record.decision ?? record.status,
      deviceId: record.decidedBy?.deviceId ?? null,
      at: new Date(record.resolvedAt ?? deps.clock.now()).toISOString(),
    },
  });
  if (run.status !== "awaiting_approval" || record.status === "cancelled") return;
  const stored = deps.store.readState(runId, invocationId);
  if (!stored) return;
  const state = JSON.parse(stored.json) as LoopState;
  if (state.calls[state.nextCall]?.approvalId !== record.id) return;
  deps.scheduler.schedule(STEP_JOB, stepRef(runId, invocationId), deps.clock.now());
}
