/**
 * Ask in chat generations (docs/spec/approvals.md "Chat generations"): before a batch call whose
 * tool is set to Ask is sent, the generation parks (status stays `running`, so the chat stays
 * busy) until the user decides on any device.
 *
 * - no approval yet and the tool is Ask now → this call and every later not-yet-asked call of the
 *   batch whose tool is Ask are asked together, in order; the step parks (no next step);
 * - pending → parks again; approved → the call is sent; denied / cancelled → NotSent
 *   `mcp.approval_denied`; expired → NotSent `mcp.approval_expired` (the batch goes on).
 * `onGenerationApprovalResolved` (the approval service's hook) schedules the parked step when the
 * approval it waits on ended.
 */
import { declinedIssue, type ApprovalRecord } from "../../domain/approvals/approval";
import type { ErrorCode } from "../../domain/errors";
import { TERMINAL_GENERATION_STATUSES, type BatchCall } from "../../domain/generation/state";
import type { GenerationContext } from "./context";
import { GENERATION_STEP_JOB, type GenerationDeps } from "./deps";

export type GenerationGate = { kind: "go" } | { kind: "park" } | { kind: "declined"; code: ErrorCode; message: string };

/** See the file docstring; `call` has a ToolId and valid arguments and was not sent. */
export function generationApprovalGate(ctx: GenerationContext, call: BatchCall): GenerationGate {
  const { deps, state } = ctx;
  if (call.approvalId) {
    const record = deps.approvals.find(call.approvalId);
    if (record?.status === "pending") return park(ctx);
    const issue = declinedIssue(record ?? { status: "cancelled", alias: call.alias });
    return issue ? { kind: "declined", ...issue } : { kind: "go" };
  }
  const ask = call.toolId ? deps.toolAsk(call.toolId) : null;
  if (ask?.permission !== "ask") return { kind: "go" };
  const calls = state.batch!.calls;
  const batch: Array<{ call: BatchCall; ask: NonNullable<typeof ask> }> = [{ call, ask }];
  for (const later of calls.slice(calls.indexOf(call) + 1)) {
    if (later.status !== "pending" || later.approvalId || !later.toolId) continue;
    const laterAsk = deps.toolAsk(later.toolId);
    if (laterAsk?.permission === "ask") batch.push({ call: later, ask: laterAsk });
  }
  const records = deps.approvals.request(
    batch.map(({ call: c, ask: a }) => ({
      generationId: ctx.generationId,
      chatId: ctx.chatId,
      callId: c.callId,
      toolId: c.toolId!,
      alias: c.alias,
      registrationId: a.registrationId,
      serverName: a.serverName,
      argumentsText: c.argumentsText,
    })),
  );
  records.forEach((record, i) => {
    batch[i]!.call.approvalId = record.id;
  });
  return park(ctx);
}

function park(ctx: GenerationContext): GenerationGate {
  ctx.parked = true;
  ctx.save();
  return { kind: "park" };
}

/** The approval service's hook for generations: wakes the parked step when its approval ended. */
export function onGenerationApprovalResolved(deps: GenerationDeps, record: ApprovalRecord): void {
  if (record.status === "cancelled") return;
  const generation = deps.store.get(record.generationId!);
  if (!generation || TERMINAL_GENERATION_STATUSES.has(generation.status)) return;
  const waiting = generation.state.batch?.calls.find((c) => c.status !== "done");
  if (waiting?.approvalId !== record.id) return;
  deps.scheduler.schedule(GENERATION_STEP_JOB, generation.generationId, deps.clock.now());
}
