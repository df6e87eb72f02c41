/**
 * Runs a generation's steps (docs/spec/generation.md §3): `generationStep` runs exactly one step
 * (`model` or `tool`) of the persisted machine, which saves its state before returning;
 * `runGenerationStep` is the step kind the scheduler starts detached under a lease
 * (docs/spec/scheduling.md). A step that throws ends the generation `failed` (never a blind retry).
 */
import { TERMINAL_GENERATION_STATUSES } from "../../domain/generation/state";
import { GenerationContext } from "./context";
import { GENERATION_STEP_JOB, type GenerationDeps } from "./deps";
import { endInterrupted, toGenerationError } from "./finish";
import { LiveStream } from "./live-stream";
import { modelStep } from "./model-step";
import { toolStep } from "./tool-step";

/**
 * What one step did: `ended` (terminal now), `more` (another step is due), `idle` (nothing to do),
 * `waiting` (parked on a pending approval; the approval's end schedules the next step).
 */
export type GenerationStepResult = "ended" | "more" | "idle" | "waiting";

/** Runs one step of generation `generationId` (see the file docstring). */
export async function generationStep(deps: GenerationDeps, generationId: string): Promise<GenerationStepResult> {
  if (deps.inflight.has(generationId)) return "idle";
  const record = deps.store.get(generationId);
  if (!record || TERMINAL_GENERATION_STATUSES.has(record.status)) return "idle";
  const controller = new AbortController();
  deps.inflight.set(generationId, controller);
  let live = deps.live.get(generationId);
  if (!live) {
    live = new LiveStream(generationId, record.chatId, record.lastSeq, deps);
    deps.live.set(generationId, live);
  }
  const ctx = new GenerationContext(deps, generationId, record.chatId, record.state, controller.signal, live);
  try {
    if (record.status === "stopping" && ctx.state.phase === "model")
      endInterrupted(ctx, "stopped", null, { text: "", reasoning: "", partial: true });
    else if (ctx.state.phase === "model") await modelStep(ctx);
    else if (ctx.state.phase === "tool") await toolStep(ctx);
  } catch (error) {
    if (!ctx.ended) {
      const batch = ctx.state.batch;
      const stopped = ctx.stopRequested();
      endInterrupted(ctx, stopped ? "stopped" : "failed", stopped ? null : toGenerationError(error), {
        text: batch?.text ?? live.text,
        reasoning: batch?.reasoning ?? live.reasoning,
        partial: batch === null,
      });
    }
  } finally {
    deps.inflight.delete(generationId);
  }
  if (ctx.ended || ctx.state.phase === "done") {
    live.close();
    deps.live.delete(generationId);
    return "ended";
  }
  return ctx.parked ? "waiting" : "more";
}

/**
 * The step kind `chat.generation_step` (docs/spec/scheduling.md "Step kinds"): runs one step and,
 * when more is due, schedules the next one now. The scheduler runs it detached under a lease with
 * the heartbeat, and recovers it after a restart (the state in SQLite says what was in flight).
 */
export async function runGenerationStep(deps: GenerationDeps, generationId: string): Promise<void> {
  if ((await generationStep(deps, generationId)) === "more")
    deps.scheduler.schedule(GENERATION_STEP_JOB, generationId, deps.clock.now());
}
