/**
 * terminateRun (docs/spec/agent-runtime.md §3 (failure), docs/spec/agent-runtime.md §5): how a run
 * ends when it does not reach the finish step (steps/finish.ts). On any error of a step, or a
 * cancel, the guidance mailbox is closed (`user_guidance_discarded`), the root invocation ends
 * (`agent_invocation_failed` / `agent_invocation_cancelled`), the workspace is closed (files and
 * checkpoints kept, persistent state never promoted), then:
 * - cancel → `cancelled` + `run_cancelled {message}`;
 * - ≥ 1 commit → `partial_success` + `run_partial_success` (commits preserved);
 * - else → `failed` + `run_failed {code, message, technicalMessage, retryable, userRetryable, details}`.
 * Runs synchronously; safe on a run that already ended (no-op).
 */
import { failureOf, runFailedPayload, runPartialSuccessPayload } from "../../../domain/agent/loop/failure";
import type { LoopState } from "../../../domain/agent/loop/loop-state";
import { isTerminalStatus } from "../../../domain/agent/run-status";
import type { AgentRunStatus } from "../../../domain/agent/run-status";
import { closeRunWorkspace } from "../../workspace";
import { stepRef } from "../../../domain/agent/loop/step-ref";
import { STEP_JOB, type LoopDeps } from "./deps";
import { discardGuidance } from "./guidance-mailbox";
import { cancelOpenTasks, endHandoffTask } from "./child-end";
import { foregroundInvocationId } from "./foreground";

/**
 * Ends the run after `error` (or a cancel when `cancelled`). `live` is the failing step's
 * in-memory state (it may hold a commit the step had not saved yet); default: the stored state.
 */
export function terminateRun(
  deps: LoopDeps,
  runId: string,
  error: unknown,
  cancelled: boolean,
  live?: LoopState,
): void {
  const run = deps.runs.find(runId);
  if (!run || isTerminalStatus(run.status)) return;
  const foreground = foregroundInvocationId(deps.delegation, runId);
  const stored = deps.store.readState(runId, foreground);
  const state =
    live && live.invocationId === foreground ? live : stored ? (JSON.parse(stored.json) as LoopState) : null;
  const commits = state?.commits ?? [];
  const failure = failureOf(error);
  // Pending approvals of the run end `cancelled` (tool_call_denied) before the run does, and so
  // do its unfinished delegated tasks (docs/spec/agent-delegation.md §5).
  deps.approvals.cancelFor({ runId });
  cancelOpenTasks(deps, runId);
  const outcome: AgentRunStatus = cancelled ? "cancelled" : commits.length > 0 ? "partial_success" : "failed";
  discardGuidance(
    deps,
    runId,
    cancelled
      ? "run_cancelled"
      : outcome === "failed"
        ? "run_failed_before_next_model_request"
        : "run_partial_success_before_next_model_request",
  );
  deps.delegation.setInvocationStatus(runId, foreground, cancelled ? "cancelled" : "failed", deps.clock.now());
  deps.journal.append(runId, {
    type: cancelled ? "agent_invocation_cancelled" : "agent_invocation_failed",
    payload: {
      invocationId: foreground,
      profileId: state?.invocation?.profileId ?? run.profileId,
      kind: state?.invocation?.kind ?? "root",
      status: cancelled ? "cancelled" : "failed",
      ...(cancelled ? {} : { code: failure.code, message: failure.message }),
    },
  });
  endHandoffTask(
    deps,
    state,
    cancelled ? "cancelled" : "failed",
    cancelled ? undefined : { code: failure.code, message: failure.message },
  );
  try {
    closeRunWorkspace(deps.workspace, runId);
  } catch {
    // No workspace yet (ended before initialization): nothing to close.
  }
  deps.runs.transition(runId, outcome);
  if (cancelled) deps.journal.append(runId, { type: "run_cancelled", payload: { message: "The run was cancelled." } });
  else if (outcome === "partial_success")
    deps.journal.append(runId, { type: "run_partial_success", payload: runPartialSuccessPayload(failure, commits) });
  else deps.journal.append(runId, { type: "run_failed", payload: runFailedPayload(failure) });
  if (stored && state) {
    state.phase = "done";
    deps.store.writeState(runId, JSON.stringify(state), stored.version, deps.clock.now(), foreground);
  }
  deps.scheduler.cancel(STEP_JOB, stepRef(runId, foreground));
}
