/**
 * submitGuidance (docs/spec/agent-runtime.md §5): run-scoped user input applied before the next model request
 * as `<user_guidance>…</user_guidance>`. Limits: text ≤ 16,000 chars, ≤ 8 pending items,
 * ≤ 64,000 pending chars. Writes `user_guidance_submitted` first, then queues.
 *
 * Checks, in order (as TauriTavern's guidance.rs, hosted reading in docs/decisions/1451):
 * - `agent.guidance_invalid` (400): text not a string, `clientGuidanceId` not a string or longer
 *   than 128 chars (a blank one is dropped);
 * - `agent.guidance_empty` (400): blank text; `agent.guidance_too_large` (413): > 16,000 chars;
 * - `agent.run_not_found` (404);
 * - `agent.guidance_run_not_accepting` (409): the run is `finishing`, `cancelling` or terminal;
 * - `agent.guidance_active_run_missing` (409): no step machine drives this run (it has no loop
 *   state, e.g. a run record created without the loop), so nothing would ever apply the guidance;
 * - `agent.guidance_mailbox_closed` (409): the loop has already ended its last model request
 *   (`workspace.finish` accepted, `agent_loop_finished`) but the run is not `finishing` yet —
 *   the finish step discards anything still queued (`run_finished_before_next_model_request`);
 * - `agent.guidance_mailbox_full` (409): 8 items or 64,000 chars already pending.
 */
import { AppError } from "../../domain/errors";
import { isTerminalStatus } from "../../domain/agent/run-status";
import { countChars, textMetrics } from "../../domain/workspace/text-metrics";
import type { LoopState } from "../../domain/agent/loop/loop-state";
import type { LoopDeps } from "./loop/deps";
import { guidancePreview } from "./loop/guidance-mailbox";
import { foregroundInvocationId } from "./loop/foreground";
import type { GuidanceReceipt } from "../../contracts/agent-run-views";

export const GUIDANCE_MAX_CHARS = 16_000;
export const GUIDANCE_MAX_PENDING = 8;
export const GUIDANCE_MAX_PENDING_CHARS = 64_000;
export const GUIDANCE_CLIENT_ID_MAX_CHARS = 128;

/** The answer of `POST /agent/runs/:runId/guidance` (wire type in src/contracts/agent-run-views.ts). */
export type { GuidanceReceipt };

export function submitGuidance(
  deps: LoopDeps,
  input: { runId: string; text: string; clientGuidanceId?: string },
): GuidanceReceipt {
  const { text, clientGuidanceId } = checkGuidanceInput(input);
  if (text.trim().length === 0) throw new AppError("agent.guidance_empty", "Guidance needs some text.");
  const chars = countChars(text);
  if (chars > GUIDANCE_MAX_CHARS)
    throw new AppError("agent.guidance_too_large", `Guidance can be at most ${GUIDANCE_MAX_CHARS} characters.`);
  const run = deps.runs.get(input.runId);
  if (isTerminalStatus(run.status) || run.status === "finishing" || run.status === "cancelling") {
    throw new AppError("agent.guidance_run_not_accepting", `This run is ${run.status} and takes no more guidance.`, {
      runId: run.runId,
      status: run.status,
    });
  }
  const stored = deps.store.readState(run.runId, foregroundInvocationId(deps.delegation, run.runId));
  if (!stored) {
    throw new AppError(
      "agent.guidance_active_run_missing",
      "This run is not being driven by the agent loop, so guidance would never reach it.",
      { runId: run.runId, status: run.status },
    );
  }
  const state = JSON.parse(stored.json) as Pick<LoopState, "phase" | "finished">;
  if (state.finished || state.phase === "finish" || state.phase === "done") {
    throw new AppError(
      "agent.guidance_mailbox_closed",
      "The agent already finished its work in this run; it will make no more model requests, so it takes no more guidance.",
      { runId: run.runId, status: run.status },
    );
  }
  const pending = deps.store.guidance(run.runId, "queued");
  if (
    pending.length >= GUIDANCE_MAX_PENDING ||
    pending.reduce((n, g) => n + g.chars, 0) + chars > GUIDANCE_MAX_PENDING_CHARS
  ) {
    throw new AppError(
      "agent.guidance_mailbox_full",
      `At most ${GUIDANCE_MAX_PENDING} guidance items (${GUIDANCE_MAX_PENDING_CHARS} characters) can wait for the next model request.`,
    );
  }
  const guidanceId = `guidance_${crypto.randomUUID().replaceAll("-", "")}`;
  const metrics = textMetrics(text);
  const preview = guidancePreview(text);
  const now = deps.clock.now();
  deps.journal.append(run.runId, {
    type: "user_guidance_submitted",
    payload: {
      guidanceId,
      clientGuidanceId: clientGuidanceId ?? null,
      invocationId: "inv_root",
      chars,
      words: metrics.words,
      preview,
      text,
      submittedAt: new Date(now).toISOString(),
      status: "queued",
    },
  });
  deps.store.addGuidance(run.runId, {
    guidanceId,
    clientGuidanceId: clientGuidanceId ?? null,
    text,
    chars,
    submittedAt: now,
    status: "queued",
  });
  return {
    runId: run.runId,
    guidanceId,
    ...(clientGuidanceId ? { clientGuidanceId } : {}),
    status: "queued",
    preview,
    chars,
    words: metrics.words,
    pendingCount: pending.length + 1,
  };
}

/** Shape checks of an op-level input (the HTTP body is checked by the route too). */
function checkGuidanceInput(input: { text: unknown; clientGuidanceId?: unknown }): {
  text: string;
  clientGuidanceId?: string;
} {
  if (typeof input.text !== "string") throw new AppError("agent.guidance_invalid", "Guidance text must be a string.");
  if (input.clientGuidanceId === undefined || input.clientGuidanceId === null) return { text: input.text };
  if (typeof input.clientGuidanceId !== "string" || input.clientGuidanceId.length > GUIDANCE_CLIENT_ID_MAX_CHARS) {
    throw new AppError(
      "agent.guidance_invalid",
      `clientGuidanceId must be a string of at most ${GUIDANCE_CLIENT_ID_MAX_CHARS} characters.`,
    );
  }
  const clientGuidanceId = input.clientGuidanceId.trim();
  return clientGuidanceId.length > 0 ? { text: input.text, clientGuidanceId } : { text: input.text };
}
