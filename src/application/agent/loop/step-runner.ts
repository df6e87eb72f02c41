/**
 * The step machine's entry point (issue [agent-loop]; docs/spec/hosted.md §5): the scheduler job
 * `agent.step` (ref = run id) calls `runAgentStep` once per alarm; it loads the run's state, runs
 * exactly one step for the current phase (initialize | model | tool | finish), which saves the
 * state and schedules the next step. Before the step it re-arms its own job STEP_LEASE_MS ahead
 * so a step lost to an eviction runs again. Any error ends the run through the finalizer (never
 * thrown back to the scheduler, so there is no blind retry).
 */
import type { LoopState } from "../../../domain/agent/loop/loop-state";
import { isTerminalStatus } from "../../../domain/agent/run-status";
import { callModelStep, RunCancelled } from "./call-model";
import { StepContext } from "./context";
import { STEP_JOB, STEP_LEASE_MS, type LoopDeps } from "./deps";
import { dispatchToolStep } from "./dispatch-tool";
import { finalizeRun } from "./finalize";
import { finishStep } from "./finish";
import { initializeStep } from "./initialize";

/** What one call did (for tests and benchmarks driving steps by hand). */
export type StepResult = "ran" | "idle";

export async function runAgentStep(deps: LoopDeps, runId: string): Promise<StepResult> {
  const run = deps.runs.find(runId);
  if (!run || isTerminalStatus(run.status)) return "idle";
  const stored = deps.store.readState(runId);
  if (!stored) return "idle";
  const state = JSON.parse(stored.json) as LoopState;
  if (state.phase === "done") return "idle";
  if (run.status === "cancelling") {
    finalizeRun(deps, runId, new RunCancelled(), true, state);
    return "ran";
  }
  if (deps.inflight.has(runId)) return "idle";
  const controller = new AbortController();
  deps.inflight.set(runId, controller);
  deps.scheduler.schedule(STEP_JOB, runId, deps.clock.now() + STEP_LEASE_MS);
  const ctx = new StepContext(deps, run, state, stored.version, controller.signal);
  try {
    switch (state.phase) {
      case "initialize":
        await initializeStep(ctx);
        break;
      case "model":
        await callModelStep(ctx);
        break;
      case "tool":
        await dispatchToolStep(ctx);
        break;
      case "finish":
        finishStep(ctx);
        break;
    }
  } catch (error) {
    const cancelled = error instanceof RunCancelled || ctx.cancelRequested();
    try {
      finalizeRun(deps, runId, error, cancelled, ctx.state);
    } catch (secondary) {
      console.error(
        JSON.stringify({
          level: "error",
          code: "agent.finalize_failed",
          runId,
          message: secondary instanceof Error ? secondary.message : String(secondary),
        }),
      );
    }
  } finally {
    deps.inflight.delete(runId);
  }
  return "ran";
}
