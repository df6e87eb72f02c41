/**
 * Ending a generation (docs/spec/generation.md "Ending"): whatever the round produced is saved once
 * — the text so far marked `extra.tauritavern.partial: true` after a failed or stopped stream; the
 * round's text without `toolCalls` and with the lasting notice `extra.tauritavern.outcomeUnknown:
 * [{callId, toolId, alias, at}]` after an OutcomeUnknown or a Stop inside a tool batch — then the
 * record is closed, `chat.generation_ended {generationId, chatId, status, messageIds, error?}` goes
 * to every socket, the lease job is cancelled and the record expires 24 h later.
 */
import { AppError } from "../../domain/errors";
import { GENERATION_RETENTION_MS, type GenerationError, type GenerationState } from "../../domain/generation/state";
import type { JsonObject } from "../../domain/chats/types";
import { saveReply, type ReplyTarget } from "../chats/generation-writes";
import type { GenerationContext } from "./context";
import { GENERATION_EXPIRE_JOB, GENERATION_STEP_JOB, type GenerationDeps } from "./deps";

/** One in-flight call whose result is unknown (the notice entry). */
export interface UnknownCall {
  callId: string;
  toolId: string | null;
  alias: string;
  at: string;
}

/** Where this round's reply goes: a continue writes into its message only until a batch was saved. */
export function replyTarget(state: GenerationState): ReplyTarget {
  if (state.target.kind === "continue" && state.batchesSaved > 0) return { kind: "append" };
  return state.target;
}

/** The reply's `extra` (reasoning in SillyTavern's `extra.reasoning`, our metadata under `extra.tauritavern`). */
export function replyExtra(reasoning: string, tauritavern: JsonObject = {}): JsonObject {
  return {
    ...(reasoning ? { reasoning } : {}),
    ...(Object.keys(tauritavern).length > 0 ? { tauritavern } : {}),
  };
}

/**
 * Saves the final reply and ends `completed`. After a tool-only turn (a batch was saved into a new
 * or appended message) an empty final answer (no text, no reasoning) is not saved: the chat would
 * show an empty assistant bubble (docs/spec/generation.md "Ending").
 */
export function completeWithReply(ctx: GenerationContext, text: string, reasoning: string): void {
  const target = replyTarget(ctx.state);
  if (ctx.state.batchesSaved > 0 && target.kind === "append" && text.trim() === "" && reasoning.trim() === "") {
    endGeneration(ctx, "completed", null);
    return;
  }
  const id = saveReply(ctx.deps.chats, ctx.chatId, target, { text, extra: replyExtra(reasoning) });
  ctx.state.messageIds.push(id);
  endGeneration(ctx, "completed", null);
}

/**
 * Ends after a failure or Stop. `partial`: the streamed text to keep (saved with `partial: true`
 * when non-empty); `unknown`: calls whose outcome is unknown (saved as the notice, with the batch's
 * text and no tool calls).
 */
export function endInterrupted(
  ctx: GenerationContext,
  status: "stopped" | "failed",
  error: GenerationError | null,
  keep: { text: string; reasoning: string; partial: boolean; unknown?: UnknownCall[] },
): void {
  const unknown = keep.unknown ?? [];
  if (keep.text.trim() !== "" || unknown.length > 0) {
    const meta: JsonObject = {};
    if (keep.partial) meta.partial = true;
    if (unknown.length > 0) meta.outcomeUnknown = unknown;
    try {
      const id = saveReply(ctx.deps.chats, ctx.chatId, replyTarget(ctx.state), {
        text: keep.text,
        extra: replyExtra(keep.reasoning, meta),
      });
      ctx.state.messageIds.push(id);
    } catch (saveError) {
      error ??= toGenerationError(saveError);
    }
  }
  endGeneration(ctx, status, error);
}

/** Closes the record and tells every device. */
export function endGeneration(
  ctx: GenerationContext,
  status: "completed" | "stopped" | "failed",
  error: GenerationError | null,
): void {
  const { deps } = ctx;
  ctx.live.flushAll();
  ctx.state.phase = "done";
  ctx.state.batch = null;
  const now = deps.clock.now();
  try {
    ctx.save();
    deps.store.finish(ctx.generationId, status, ctx.state.messageIds, error, now);
  } catch {
    /* the chat (and its records) may be gone */
  }
  ctx.ended = true;
  closeRecord(deps, ctx.generationId, now);
  deps.sockets.broadcast({
    type: "chat.generation_ended",
    generationId: ctx.generationId,
    chatId: ctx.chatId,
    status,
    messageIds: ctx.state.messageIds,
    ...(error ? { error } : {}),
  });
}

/** Cancels the lease job and pending approvals and schedules the record's expiry. */
export function closeRecord(deps: GenerationDeps, generationId: string, now: number): void {
  // Pending approvals of the generation end `cancelled` (docs/spec/approvals.md).
  deps.approvals.cancelFor({ generationId });
  deps.scheduler.cancel(GENERATION_STEP_JOB, generationId);
  deps.scheduler.schedule(GENERATION_EXPIRE_JOB, generationId, now + GENERATION_RETENTION_MS);
}

/** Any thrown value as a generation error (AppError code and message; else app.internal_error). */
export function toGenerationError(error: unknown): GenerationError {
  if (error instanceof AppError)
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  return { code: "app.internal_error", message: "The reply could not be generated because of an internal error." };
}
