/**
 * Cancel (docs/spec/agent-runtime.md §5): a terminal run returns its handle unchanged. Otherwise
 * `run_cancel_requested`, queued guidance discarded; a step in flight in this object is aborted
 * (the model request / MCP call / wait ends) after the run moves to `cancelling`, and that step
 * ends the run `cancelled`; with no step in flight the run becomes `cancelled` + `run_cancelled`
 * at once. Cancelled runs never commit afterwards; workspace and checkpoints are kept.
 * Errors: `agent.run_not_found`.
 */
import { toRunHandle, type AgentRunHandle } from "../../../domain/agent/run-record";
import { isTerminalStatus } from "../../../domain/agent/run-status";
import { RunCancelled } from "./call-model";
import type { LoopDeps } from "./deps";
import { discardGuidance, finalizeRun } from "./finalize";

export function cancelRun(deps: LoopDeps, runId: string): AgentRunHandle {
  const run = deps.runs.get(runId);
  if (isTerminalStatus(run.status) || run.status === "cancelling") return toRunHandle(run);
  deps.journal.append(runId, { type: "run_cancel_requested", payload: null });
  discardGuidance(deps, runId, "run_cancelled");
  const inflight = deps.inflight.get(runId);
  if (inflight) {
    deps.runs.transition(runId, "cancelling");
    inflight.abort();
  } else {
    finalizeRun(deps, runId, new RunCancelled(), true);
  }
  return toRunHandle(deps.runs.get(runId));
}
