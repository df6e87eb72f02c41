/**
 * The step machine's entry point (docs/spec/scheduling.md; contracts of docs/decisions/1401): the
 * step kind `agent.step` (ref = `stepRef(runId, invocationId)`) calls `runAgentStep` once per due
 * job, detached under a lease (durable-objects/step-dispatcher.ts); it loads the invocation's
 * state, runs exactly one step for the current phase (initialize | model | tool | finish), which
 * saves the state and schedules the next step. A step that was interrupted by a restart is noticed
 * by the phase itself from its state (a model call marked in flight, an MCP call marked started;
 * docs/decisions/1800). Any error ends the run through `terminateRun` (never thrown back to the
 * scheduler, so there is no blind retry).
 */
import type { LoopState } from "../../../domain/agent/loop/loop-state";
import { stepRef } from "../../../domain/agent/loop/step-ref";
import { ROOT_INVOCATION_ID } from "../../../domain/agent/run-ids";
import { isTerminalStatus } from "../../../domain/agent/run-status";
import { RunCancelled } from "./run-cancelled";
import { callModelStep } from "./steps/model";
import { StepContext } from "./context";
import type { LoopDeps } from "./deps";
import { dispatchToolStep } from "./steps/tool";
import { finishStep } from "./steps/finish";
import { initializeStep } from "./steps/initialize";
import { initializeChildStep } from "./steps/initialize-child";
import { initializeHandoffStep } from "./steps/initialize-handoff";
import { failChild } from "./child-end";
import { terminateRun } from "./terminate-run";

/** What one call did (for tests and benchmarks driving steps by hand). */
export type StepResult = "ran" | "idle";

export async function runAgentStep(
  deps: LoopDeps,
  runId: string,
  invocationId: string = ROOT_INVOCATION_ID,
): Promise<StepResult> {
  const run = deps.runs.find(runId);
  if (!run || isTerminalStatus(run.status)) {
    deps.memo?.forget(runId);
    return "idle";
  }
  const stored = deps.store.readState(runId, invocationId);
  if (!stored) return "idle";
  const state = JSON.parse(stored.json) as LoopState;
  if (state.phase === "done") return "idle";
  if (run.status === "cancelling") {
    terminateRun(deps, runId, new RunCancelled(), true, state);
    return "ran";
  }
  const ref = stepRef(runId, invocationId);
  if (deps.inflight.has(ref)) return "idle";
  const controller = new AbortController();
  deps.inflight.set(ref, controller);
  const ctx = new StepContext(deps, run, state, stored.version, controller.signal);
  try {
    switch (state.phase) {
      case "initialize":
        if (ctx.state.invocation?.kind === "handoff") await initializeHandoffStep(ctx);
        else if (ctx.isChild) await initializeChildStep(ctx);
        else await initializeStep(ctx);
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
      // A child's error ends only the child (docs/spec/agent-delegation.md §4); a cancel of the
      // run, seen first by a child's step, still ends the whole run.
      const runCancelling = deps.runs.find(runId)?.status === "cancelling";
      if (ctx.isChild && !runCancelling) failChild(deps, runId, invocationId, error);
      else terminateRun(deps, runId, error, cancelled, ctx.isChild ? undefined : ctx.state);
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
    deps.inflight.delete(ref);
    try {
      // A run parked on an approval keeps saying so (docs/spec/approvals.md).
      const after = deps.runs.find(runId);
      if (!after || isTerminalStatus(after.status)) deps.memo?.forget(runId);
      // So does one parked in agent.await (docs/spec/agent-delegation.md §3).
      const parked = ctx.state.calls[ctx.state.nextCall]?.status === "waiting_tasks";
      if (after?.waitingOn && after.status !== "awaiting_approval" && !parked) ctx.waitOn(null);
    } catch {
      // The run was deleted meanwhile: nothing to clear.
    }
  }
  return "ran";
}
