/**
 * Step `finish` (docs/spec/agent-runtime.md §3 step 5, docs/spec/workspace.md §3, docs/spec/agent-runtime.md §5): the guidance mailbox is closed (anything
 * still queued → `user_guidance_discarded {reason: "run_finished_before_next_model_request"}`) →
 * `finishing` → promote the run's `persist/`
 * changes to the immutable state `<runId>` (`persistent_changes_committed`) → write
 * `persistStateId` onto the committed message's `extra.tauritavern.agent`
 * (`persistent_state_metadata_update_requested` → `persistent_state_metadata_updated`) →
 * `agent_invocation_completed` → `completed` + `run_completed`. A persist conflict or a failed
 * metadata update ends the run through `terminateRun` (../terminate-run.ts) (partial_success when commits exist).
 */
import { AppError } from "../../../../domain/errors";
import { promotePersistentState } from "../../../workspace";
import type { StepContext } from "../context";
import { STEP_JOB } from "../deps";
import { discardGuidance } from "../guidance-mailbox";
import { cancelOpenTasks, endHandoffTask } from "../child-end";

export function finishStep(ctx: StepContext): void {
  const { deps, state, run } = ctx;
  const profile = ctx.profile();
  discardGuidance(deps, ctx.runId, "run_finished_before_next_model_request");
  // Finish does not wait for delegated tasks: unfinished ones are cancelled (docs/spec/agent-delegation.md §5).
  cancelOpenTasks(deps, ctx.runId);
  ctx.status("finishing");
  let promotion;
  try {
    promotion = promotePersistentState(deps.workspace, ctx.runId);
  } catch (error) {
    ctx.emit("persistent_changes_commit_failed", { message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  ctx.emit("persistent_changes_committed", {
    stateId: promotion.stateId,
    baseStateId: promotion.baseStateId,
    changeCount: promotion.changeCount,
    changes: promotion.changes,
    created: promotion.created,
  });
  const last = state.commits[state.commits.length - 1];
  if (last && promotion.stateId !== null) {
    const updateId = `persist_update_${crypto.randomUUID().replaceAll("-", "")}`;
    ctx.emit("persistent_state_metadata_update_requested", {
      updateId,
      runId: run.runId,
      workspaceId: run.workspaceId,
      stableChatId: run.stableChatId,
      chatRef: run.chatRef,
      generationType: run.generationType,
      profileId: profile.id,
      messageId: last.messageId,
      stateId: promotion.stateId,
      baseStateId: promotion.baseStateId,
      changeCount: promotion.changeCount,
      changes: promotion.changes,
    });
    try {
      const message = deps.chats.getMessage(run.stableChatId, last.messageId);
      const extra = { ...message.extra };
      const tt =
        typeof extra.tauritavern === "object" && extra.tauritavern !== null
          ? { ...(extra.tauritavern as Record<string, unknown>) }
          : {};
      const agent =
        typeof tt.agent === "object" && tt.agent !== null ? { ...(tt.agent as Record<string, unknown>) } : {};
      if (agent.runId !== run.runId)
        throw new AppError(
          "agent.persistent_state_metadata_update_failed",
          "The committed message no longer carries this run's output.",
        );
      tt.agent = { ...agent, persistStateId: promotion.stateId };
      deps.chats.editMessage(run.stableChatId, last.messageId, {
        extra: { ...extra, tauritavern: tt },
        ifRevision: message.revision,
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      ctx.emit("persistent_state_metadata_update_failed", {
        updateId,
        messageId: last.messageId,
        stateId: promotion.stateId,
        message: text,
      });
      throw new AppError(
        "agent.persistent_state_metadata_update_failed",
        `The run finished but its persistent state id could not be saved on the message: ${text}`,
      );
    }
    ctx.emit("persistent_state_metadata_updated", { updateId, messageId: last.messageId, stateId: promotion.stateId });
  }
  deps.delegation.setInvocationStatus(ctx.runId, state.invocationId, "completed", deps.clock.now());
  ctx.emit("agent_invocation_completed", {
    invocationId: state.invocationId,
    profileId: profile.id,
    kind: state.invocation?.kind ?? "root",
    status: "completed",
  });
  endHandoffTask(deps, state, "completed");
  ctx.status("completed");
  ctx.emit("run_completed", null);
  state.phase = "done";
  ctx.save();
  deps.scheduler.cancel(STEP_JOB, ctx.ref);
}
