/**
 * submitGuidance (contracts.md §3.12): run-scoped user input applied before the next model request
 * as `<user_guidance>…</user_guidance>`. Limits: text ≤ 16,000 chars, ≤ 8 pending items,
 * ≤ 64,000 pending chars. Writes `user_guidance_submitted` first, then queues.
 * Errors: `agent.guidance_empty`, `agent.guidance_too_large` (413), `agent.guidance_run_not_accepting`
 * (finishing / cancelling / terminal), `agent.guidance_mailbox_full`, `agent.run_not_found`.
 */
import { AppError } from "../../../domain/errors";
import { isTerminalStatus } from "../../../domain/agent/run-status";
import { countChars, textMetrics } from "../../../domain/workspace/text-metrics";
import type { LoopDeps } from "./deps";
import { guidancePreview } from "./prepare-turn";

export const GUIDANCE_MAX_CHARS = 16_000;
export const GUIDANCE_MAX_PENDING = 8;
export const GUIDANCE_MAX_PENDING_CHARS = 64_000;

export interface GuidanceReceipt {
  runId: string;
  guidanceId: string;
  clientGuidanceId?: string;
  status: "queued";
  preview: string;
  chars: number;
  words: number;
  pendingCount: number;
}

export function submitGuidance(deps: LoopDeps, input: { runId: string; text: string; clientGuidanceId?: string }): GuidanceReceipt {
  const run = deps.runs.get(input.runId);
  const text = input.text;
  if (text.trim().length === 0) throw new AppError("agent.guidance_empty", "Guidance needs some text.");
  const chars = countChars(text);
  if (chars > GUIDANCE_MAX_CHARS) throw new AppError("agent.guidance_too_large", `Guidance can be at most ${GUIDANCE_MAX_CHARS} characters.`);
  if (isTerminalStatus(run.status) || run.status === "finishing" || run.status === "cancelling") {
    throw new AppError("agent.guidance_run_not_accepting", `This run is ${run.status} and takes no more guidance.`, { runId: run.runId, status: run.status });
  }
  const pending = deps.store.guidance(run.runId, "queued");
  if (pending.length >= GUIDANCE_MAX_PENDING || pending.reduce((n, g) => n + g.chars, 0) + chars > GUIDANCE_MAX_PENDING_CHARS) {
    throw new AppError("agent.guidance_mailbox_full", `At most ${GUIDANCE_MAX_PENDING} guidance items (${GUIDANCE_MAX_PENDING_CHARS} characters) can wait for the next model request.`);
  }
  const guidanceId = `guidance_${crypto.randomUUID().replaceAll("-", "")}`;
  const metrics = textMetrics(text);
  const preview = guidancePreview(text);
  const now = deps.clock.now();
  deps.journal.append(run.runId, {
    type: "user_guidance_submitted",
    payload: { guidanceId, clientGuidanceId: input.clientGuidanceId ?? null, invocationId: "inv_root", chars, words: metrics.words, preview, text, submittedAt: new Date(now).toISOString(), status: "queued" },
  });
  deps.store.addGuidance(run.runId, { guidanceId, clientGuidanceId: input.clientGuidanceId ?? null, text, chars, submittedAt: now, status: "queued" });
  return { runId: run.runId, guidanceId, ...(input.clientGuidanceId ? { clientGuidanceId: input.clientGuidanceId } : {}), status: "queued", preview, chars, words: metrics.words, pendingCount: pending.length + 1 };
}
