/**
 * The loop's watchdog (docs/spec/scheduling.md "Watchdog", docs/decisions/1800): job
 * `agent.watchdog` runs every WATCHDOG_PERIOD_MS while any loop-driven run is not terminal. No
 * run stays in a non-terminal status without progress (a journal event, a status change, a new
 * wait) for longer than its current step's own timeout plus STALL_GRACE_MS:
 * - a step in flight in this object is judged by its kind's timeout (a model attempt:
 *   `modelCallMs`; an MCP call: `mcpStepMs`; a call waiting for an outbound slot: twice the
 *   longest of those; local work: LOCAL_STEP_MS);
 * - a run whose next step is scheduled is not stalled (the job itself will run it);
 * - a run with neither (its job was lost) is stalled after STALL_GRACE_MS;
 * - waits that carry their own deadline (`approval`, `child`) are judged by that deadline by
 *   the feature that owns them, not here.
 * A stalled run's step is aborted and the run ends through the finalizer with `agent.run_stalled`
 * (`failed`, or `partial_success` after a commit); a `cancelling` run with nothing in flight
 * ends `cancelled`.
 */
import { AppError } from "../../domain/errors";
import type { LoopState } from "../../domain/agent/loop/loop-state";
import { stepRef } from "../../domain/agent/loop/step-ref";
import type { AgentRunRecord } from "../../domain/agent/run-record";
import { AGENT_RUN_STATUSES, isTerminalStatus } from "../../domain/agent/run-status";
import { RunCancelled } from "./loop/run-cancelled";
import { STEP_JOB, WATCHDOG_JOB, WATCHDOG_REF, type LoopDeps } from "./loop/deps";
import { terminateRun } from "./loop/terminate-run";
import { foregroundInvocationId } from "./loop/foreground";

/** Watchdog period while loop-driven runs are active, ms. */
export const WATCHDOG_PERIOD_MS = 30_000;
/** Extra time past a step's own timeout before its run counts as stalled, ms. */
export const STALL_GRACE_MS = 60_000;
/** Longest a local step (initialize, builtin tool, commit, finish) may take, ms. */
export const LOCAL_STEP_MS = 30_000;

const ACTIVE = AGENT_RUN_STATUSES.filter((status) => !isTerminalStatus(status));

/** Non-terminal runs, every page. */
function activeRuns(deps: LoopDeps): AgentRunRecord[] {
  const out: AgentRunRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = deps.runs.list({ statuses: [...ACTIVE], limit: 200, ...(cursor ? { cursor } : {}) });
    for (const summary of page.runs) {
      const run = deps.runs.find(summary.runId);
      if (run) out.push(run);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** When the run last made progress (ms epoch): its newest journal event, status change or wait. */
function lastProgress(deps: LoopDeps, run: AgentRunRecord): number {
  const seq = deps.journal.lastSeq(run.runId);
  const last = seq > 0 ? deps.journal.read(run.runId, { afterSeq: seq - 1, limit: 1 })[0] : undefined;
  return Math.max(run.updatedAt, run.waitingOn?.since ?? 0, last ? Date.parse(last.timestamp) : 0);
}

/** The in-flight step's own time limit, ms (null: judged elsewhere by its own deadline). */
function stepBudget(deps: LoopDeps, run: AgentRunRecord, state: LoopState): number | null {
  const waiting = run.waitingOn?.kind;
  if (waiting === "approval" || waiting === "child") return null;
  if (waiting === "queue") return 2 * Math.max(deps.modelCallMs, deps.mcpStepMs);
  if (state.phase === "model") return deps.modelCallMs;
  if (state.phase === "tool") {
    const call = state.calls[state.nextCall];
    return call?.toolId?.startsWith("mcp/") ? deps.mcpStepMs : LOCAL_STEP_MS;
  }
  return LOCAL_STEP_MS;
}

function describeWait(run: AgentRunRecord, state: LoopState | null): string {
  switch (run.waitingOn?.kind) {
    case "model":
      return "waiting for the model to answer";
    case "tool":
      return `waiting for the tool ${run.waitingOn.detail ?? ""}`.trimEnd();
    case "queue":
      return "waiting for a free connection";
    default:
      return state ? `in its ${state.phase} step` : "";
  }
}

/**
 * Checks every active loop-driven run once at `now` (ms epoch) and ends the stalled ones.
 * Returns the ids of the runs it ended; reschedules itself while active runs remain.
 */
export function checkStalledRuns(deps: LoopDeps, now: number = deps.clock.now()): string[] {
  const ended: string[] = [];
  let watched = 0;
  for (const run of activeRuns(deps)) {
    const stored = deps.store.readState(run.runId, foregroundInvocationId(deps.delegation, run.runId));
    if (!stored) continue;
    watched += 1;
    const state = JSON.parse(stored.json) as LoopState;
    const ref = stepRef(run.runId, state.invocationId);
    const inflight = deps.inflight.get(ref);
    let budget: number | null;
    if (inflight) budget = stepBudget(deps, run, state);
    else if (deps.scheduler.dueAt(STEP_JOB, ref) !== null) budget = null;
    // Parked on an approval: judged by the approval's own expiry (docs/spec/approvals.md).
    else if (run.status === "awaiting_approval") budget = null;
    else if (run.status === "cancelling") {
      terminateRun(deps, run.runId, new RunCancelled(), true);
      ended.push(run.runId);
      continue;
    } else budget = 0;
    if (budget === null) continue;
    const quietMs = now - lastProgress(deps, run);
    if (quietMs <= budget + STALL_GRACE_MS) continue;
    const minutes = Math.max(1, Math.round(quietMs / 60_000));
    const where = describeWait(run, state);
    const error = new AppError(
      "agent.run_stalled",
      `The run made no progress for about ${minutes} min${where ? ` ${where}` : ""}, longer than its step may take, so it was stopped.`,
      { stalledMs: quietMs, phase: state.phase, waitingOn: run.waitingOn?.kind ?? null },
    );
    inflight?.abort(error);
    terminateRun(deps, run.runId, error, false);
    ended.push(run.runId);
  }
  if (watched > ended.length) deps.scheduler.schedule(WATCHDOG_JOB, WATCHDOG_REF, now + WATCHDOG_PERIOD_MS);
  return ended;
}
