/**
 * Reading and stopping generations (docs/spec/generation.md "Joining mid-stream", "Stop").
 * Errors: `chat.generation_not_found` (404; also for a generation of another chat or one older
 * than the 24 h retention).
 */
import { AppError } from "../../domain/errors";
import {
  TERMINAL_GENERATION_STATUSES,
  type GenerationRecord,
  type GenerationStatus,
  type GenerationView,
} from "../../domain/generation/state";
import { GenerationContext } from "./context";
import type { GenerationDeps } from "./deps";
import { endInterrupted } from "./finish";
import { LiveStream } from "./live-stream";

function requireGeneration(deps: GenerationDeps, chatId: string, generationId: string): GenerationRecord {
  const record = deps.store.get(generationId);
  if (!record || record.chatId !== chatId)
    throw new AppError(
      "chat.generation_not_found",
      "This generation does not exist in this chat (records are kept 24 hours after they end).",
      { chatId, generationId },
    );
  return record;
}

/** `GET /chats/:chatId/generations/:generationId`: the current round's text as of `lastSeq`. */
export function getGeneration(deps: GenerationDeps, chatId: string, generationId: string): GenerationView {
  const r = requireGeneration(deps, chatId, generationId);
  return {
    generationId: r.generationId,
    chatId: r.chatId,
    status: r.status,
    generationType: r.generationType,
    round: r.state.round,
    attempt: r.state.attempt,
    text: r.text,
    reasoning: r.reasoning,
    lastSeq: r.lastSeq,
    messageIds: r.messageIds,
    ...(r.error ? { error: r.error } : {}),
    createdAt: new Date(r.createdAt).toISOString(),
    ...(r.endedAt !== null ? { endedAt: new Date(r.endedAt).toISOString() } : {}),
  };
}

/** The chat's running generation, for the chat view (`activeGeneration`). */
export function activeGeneration(
  deps: Pick<GenerationDeps, "store">,
  chatId: string,
): { generationId: string; status: GenerationStatus } | null {
  const r = deps.store.activeForChat(chatId);
  return r ? { generationId: r.generationId, status: r.status } : null;
}

/**
 * Stop from any device: marks the record `stopping` and aborts the running step at once (the
 * model stream's request is closed; a tool wait is cancelled). When no step of it runs in this
 * object (between a restart and its lease), it is ended here. Stopping an ended generation
 * returns it unchanged.
 */
export function stopGeneration(
  deps: GenerationDeps,
  chatId: string,
  generationId: string,
): { generationId: string; status: GenerationStatus } {
  const record = requireGeneration(deps, chatId, generationId);
  if (TERMINAL_GENERATION_STATUSES.has(record.status)) return { generationId, status: record.status };
  deps.store.setStatus(generationId, "stopping", deps.clock.now());
  const running = deps.inflight.get(generationId);
  if (running) {
    running.abort();
    return { generationId, status: "stopping" };
  }
  const live = new LiveStream(generationId, chatId, record.lastSeq, deps);
  const controller = new AbortController();
  controller.abort();
  const ctx = new GenerationContext(deps, generationId, chatId, record.state, controller.signal, live);
  const batch = record.state.batch;
  const at = new Date(deps.clock.now()).toISOString();
  endInterrupted(ctx, "stopped", null, {
    text: batch ? batch.text : record.text,
    reasoning: batch ? batch.reasoning : record.reasoning,
    partial: batch === null,
    unknown: (batch?.calls ?? [])
      .filter((c) => c.status === "started")
      .map((c) => ({ callId: c.callId, toolId: c.toolId, alias: c.alias, at })),
  });
  return { generationId, status: "stopped" };
}
