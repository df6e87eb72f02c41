/**
 * Where a round of the run timeline and its calls stand (timeline-model.ts folds the journal into
 * them): the live text it shows, whether the model is at work, how a failed attempt reads, whether a
 * call has its outcome, and what becomes of an unfinished round once its agent stopped
 * (docs/spec/agent-runtime.md §9.1). From the journal alone, so every device agrees.
 */
import type { TimelineCall, TimelineRound } from "./timeline-model";

/**
 * The live stream of the round's invocation when it is this round's current attempt (a parent and
 * its sub-agents each have their own stream): once the journal says a later attempt
 * started, the text an earlier one streamed is no longer shown (every device then shows the same
 * as one that reads the stored stream again).
 */
export function liveFor<T extends { invocationId: string; round: number; attempt: number }>(
  round: TimelineRound,
  live: { views: Readonly<Record<string, T>> } | null,
): T | null {
  const view = live?.views[round.invocationId];
  if (!view || view.round !== round.round) return null;
  return round.attempt === undefined || view.attempt === round.attempt ? view : null;
}

/**
 * True while the model is at work on the round: its latest attempt started, has not failed and
 * has not answered. From the journal alone, so every device agrees whether text streams or not.
 */
export function modelAtWork(round: TimelineRound): boolean {
  if (round.answeredAt || round.attempt === undefined) return false;
  return !round.failedAttempts.some((failed) => failed.attempt === undefined || failed.attempt >= round.attempt!);
}

/**
 * How a failed attempt of the round reads now: `retried` once a later attempt started or the model
 * answered (the retry it announced happened), `retrying` while that retry is still to come, `final`
 * for an attempt that was not retried.
 */
export function attemptOutcome(
  round: TimelineRound,
  failed: TimelineRound["failedAttempts"][number],
): "retried" | "retrying" | "final" {
  if (!failed.willRetry) return "final";
  const later = failed.attempt !== undefined && round.attempt !== undefined && round.attempt > failed.attempt;
  if (later || round.answeredAt !== undefined) return "retried";
  // The agent stopped before the announced retry: it will not come.
  return round.cutOff ? "final" : "retrying";
}

/** A call that has its outcome (done or failed). */
export function isSettled(call: TimelineCall): boolean {
  return call.status === "done" || call.status === "failed";
}

/** Task statuses after which a sub-agent takes no further step. */
export const ENDED_TASK = new Set<string>(["completed", "failed", "cancelled"]);

/**
 * A round whose agent stopped: a call without an outcome never gets one (`not_run` if it had not
 * started, `interrupted` if it was running), and a model attempt that neither answered nor failed,
 * or a retry that was announced but never sent, was cut off.
 */
export function closeRound(round: TimelineRound): void {
  for (const call of round.calls)
    if (!isSettled(call)) call.status = call.status === "running" ? "interrupted" : "not_run";
  const last = round.failedAttempts.at(-1);
  if (round.attempt !== undefined && (modelAtWork(round) || (last && attemptOutcome(round, last) === "retrying")))
    round.cutOff = true;
}
