/**
 * Soft drift recovery (docs/spec/agent-runtime.md §4; docs/decisions/1400): a model reply with zero tool
 * calls. Its text (if any) is saved to `direct_output.md` in the messageBody artifact's root
 * (`output/direct_output.md` by default; `direct_output_captured` + checkpoint
 * `direct_output_capture`). If another round remains, a synthetic user reminder
 * `[system reminder, direct output recovery attempt N] …` is appended, `drift_recovery_attempted`
 * journaled and the next round starts. There is no separate attempt cap: every recovery uses a
 * round; a drift in the last round (round = maxRounds) fails the run with `model.tool_call_required`
 * (`partial_success` when commits exist).
 */
import { AppError } from "../../../../domain/errors";
import { modelResponsePath } from "../../../../domain/agent/loop/loop-state";
import type { ModelResponse } from "../../../../domain/models/ir";
import { textMetrics } from "../../../../domain/workspace/text-metrics";
import { createCheckpoint } from "../../../workspace";
import type { StepContext } from "../context";
import { appendMessage } from "../conversation";

/** `<root of messageBody>/direct_output.md`. */
export function directOutputPath(messageBodyPath: string): string {
  const root = messageBodyPath.split("/")[0] ?? "output";
  return `${root}/direct_output.md`;
}

/** The reminder text, by committed count (docs/spec/agent-runtime.md §4 wording rules for a root invocation). */
export function driftReminder(
  attempt: number,
  committedCount: number,
  capturedPath: string | null,
  messageBodyPath: string,
  child = false,
): string {
  const head = `[system reminder, direct output recovery attempt ${attempt}] You replied without calling a tool. Text outside tools is not shown to the user.`;
  const saved = capturedPath ? ` Your text was saved to ${capturedPath}.` : "";
  const next = child
    ? " Finish your task with task_return (a complete summary) as the last tool call of your turn."
    : committedCount > 0
      ? " You already committed a message: revise and commit again if needed, then call workspace_finish as the last tool call of your turn."
      : ` Write the message into ${messageBodyPath} (you may copy it from the captured file), commit it with workspace_commit, then call workspace_finish.`;
  return `${head}${saved}${next}`;
}

export async function recoverFromDrift(ctx: StepContext, response: ModelResponse): Promise<void> {
  const { state, deps } = ctx;
  const profile = ctx.profile();
  let captured: string | null = null;
  if (response.text.trim().length > 0) {
    captured = directOutputPath(profile.messageBodyPath);
    const blob = await deps.workspace.blobs.put(response.text);
    deps.workspace.files.putFile(
      ctx.runId,
      { path: captured, sha256: blob.sha256, bytes: blob.bytes },
      deps.clock.now(),
      true,
    );
    const metrics = textMetrics(response.text);
    const event = ctx.emit("direct_output_captured", {
      round: state.round,
      path: captured,
      chars: metrics.chars,
      words: metrics.words,
      sha256: blob.sha256,
      modelResponsePath: modelResponsePath(state.round, state.invocationId),
    });
    const checkpoint = createCheckpoint(deps.workspace, ctx.runId, {
      reason: "direct_output_capture",
      eventSeq: event.seq,
      paths: [captured],
    });
    ctx.emit("checkpoint_created", { checkpointId: checkpoint.id, reason: "direct_output_capture" });
  }
  const maxRounds = profile.tools.maxRounds;
  if (state.round >= maxRounds) {
    throw new AppError(
      "model.tool_call_required",
      `The model answered without calling a tool in the last round (${maxRounds}); the run needs workspace_finish to end.`,
      { round: state.round, maxRounds },
    );
  }
  state.driftCount += 1;
  appendMessage(ctx, {
    role: "user",
    parts: [
      {
        type: "text",
        text: driftReminder(state.driftCount, state.commits.length, captured, profile.messageBodyPath, ctx.isChild),
      },
    ],
  });
  ctx.emit("drift_recovery_attempted", {
    attempt: state.driftCount,
    maxAttempts: maxRounds - 1,
    maxRounds,
    limitReason: "max_rounds",
    round: state.round,
    invocationId: state.invocationId,
    committedCount: state.commits.length,
    reasonCode: "model.tool_call_required",
  });
  state.round += 1;
  state.attempt = 1;
  state.interruptedAttempts = 0;
  state.phase = "model";
  ctx.next();
}
