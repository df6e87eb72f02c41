/**
 * Runs a generation's steps (docs/spec/generation.md "Steps"): detached from the request or alarm
 * that started it, one step at a time (`model` or `tool`), each persisting the state before the
 * next. While it runs, its lease job (`chat.generation_step`) is re-armed every
 * GENERATION_HEARTBEAT_MS to GENERATION_LEASE_MS ahead, so after a restart the job fires and the
 * generation resumes from SQLite. A step that throws ends the generation `failed` (never a blind retry).
 */
import { TERMINAL_GENERATION_STATUSES } from "../../domain/generation/state";
import { GenerationContext } from "./context";
import { GENERATION_HEARTBEAT_MS, GENERATION_LEASE_MS, GENERATION_STEP_JOB, type GenerationDeps } from "./deps";
import { endInterrupted, toGenerationError } from "./finish";
import { LiveStream } from "./live-stream";
import { modelStep } from "./model-step";
import { toolStep } from "./tool-step";

export async function runGeneration(deps: GenerationDeps, generationId: string): Promise<void> {
  if (deps.inflight.has(generationId)) return;
  const record = deps.store.get(generationId);
  if (!record || TERMINAL_GENERATION_STATUSES.has(record.status)) {
    deps.scheduler.cancel(GENERATION_STEP_JOB, generationId);
    return;
  }
  const controller = new AbortController();
  deps.inflight.set(generationId, controller);
  const lease = () =>
    deps.scheduler.schedule(GENERATION_STEP_JOB, generationId, deps.clock.now() + GENERATION_LEASE_MS);
  lease();
  const heartbeat = setInterval(lease, GENERATION_HEARTBEAT_MS);
  const live = new LiveStream(generationId, record.chatId, record.lastSeq, deps);
  deps.live.set(generationId, live);
  const ctx = new GenerationContext(deps, generationId, record.chatId, record.state, controller.signal, live);
  try {
    while (!ctx.ended) {
      if (ctx.stopRequested() && ctx.state.phase === "model") {
        endInterrupted(ctx, "stopped", null, { text: "", reasoning: "", partial: true });
        break;
      }
      if (ctx.state.phase === "model") await modelStep(ctx);
      else if (ctx.state.phase === "tool") await toolStep(ctx);
      else break;
    }
  } catch (error) {
    if (!ctx.ended) {
      const batch = ctx.state.batch;
      endInterrupted(
        ctx,
        ctx.stopRequested() ? "stopped" : "failed",
        ctx.stopRequested() ? null : toGenerationError(error),
        {
          text: batch?.text ?? live.text,
          reasoning: batch?.reasoning ?? live.reasoning,
          partial: batch === null,
        },
      );
    }
  } finally {
    clearInterval(heartbeat);
    live.close();
    deps.live.delete(generationId);
    deps.inflight.delete(generationId);
  }
}
