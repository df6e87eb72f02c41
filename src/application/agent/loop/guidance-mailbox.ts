/**
 * The run's guidance mailbox (docs/spec/agent-runtime.md §5): what every place that closes it
 * shares — the preview of queued text in journal events, and discarding what is still queued
 * when the run finishes, fails or is cancelled. Submitting is `submitGuidance` (../guidance.ts);
 * applying queued guidance to the next model request is `applyGuidance` (steps/prepare-turn.ts).
 */
import type { LoopDeps } from "./deps";

/** Preview of guidance text: first 240 chars, whitespace collapsed (docs/spec/agent-runtime.md §5). */
export function guidancePreview(text: string): string {
  return Array.from(text.replace(/\s+/g, " ").trim()).slice(0, 240).join("");
}

/** Discards queued guidance with `reason` (docs/spec/agent-runtime.md §5); no event when none was queued. */
export function discardGuidance(deps: LoopDeps, runId: string, reason: string): void {
  const queued = deps.store.guidance(runId, "queued");
  if (queued.length === 0) return;
  deps.store.setGuidanceStatus(
    runId,
    queued.map((g) => g.guidanceId),
    "discarded",
  );
  const text = queued.map((g) => g.text).join(" ");
  deps.journal.append(runId, {
    type: "user_guidance_discarded",
    level: "warn",
    payload: {
      guidanceIds: queued.map((g) => g.guidanceId),
      clientGuidanceIds: queued.map((g) => g.clientGuidanceId).filter((id) => id !== null),
      count: queued.length,
      chars: queued.reduce((n, g) => n + g.chars, 0),
      preview: guidancePreview(text),
      reason,
    },
  });
}
