/**
 * Cancel (docs/spec/agent-runtime.md §5): a terminal run returns its handle unchanged. Otherwise
 * `run_cancel_requested`, queued guidance discarded; every step of the run in flight in this
 * object (any invocation, keyed by `stepRef`) is aborted
 * (the model request / MCP call / wait ends) after the run moves to `cancelling`, and that step
 * ends the run `cancelled`; with no step in flight the run becomes `cancelled` + `run_cancelled`
 * at once. Cancelled runs never commit afterwards; workspace and checkpoints are kept.
 * Errors: `agent.run_not_found`.
 */
import { toRunHandle, type AgentRunHandle } from "../../domain/agent/run-record";
import { isTerminalStatus } from "../../domain/agent/run-status";
import { isStepOfRun } from "../../domain/agent/loop/step-ref";
import { RunCancelled } from "./loop/run-cancelled";
import type { LoopDeps } from "./loop/deps";
import { discardGuidance } from "./loop/guidance-mailbox";
import { terminateRun } from "./loop/terminate-run";

export function cancelRun(deps: LoopDeps, runId: string): AgentRunHandle {
  const run = deps.runs.get(runId);
  if (isTerminalStatus(run.status) || run.status === "cancelling") return toRunHandle(run);
  deps.journal.append(runId, { type: "run_cancel_requested", payload: null });
  discardGuidance(deps, runId, "run_cancelled");
  const inflight = [...deps.inflight.entries()].filter(([ref]) => isStepOfRun(ref, runId));
  if (inflight.length > 0) {
    deps.runs.transition(runId, "cancelling");
    for (const [, controller] of inflight) controller.abort();
  } else {
    terminateRun(deps, runId, new RunCancelled(), true);
  }
  return toRunHandle(deps.runs.get(runId));
}
