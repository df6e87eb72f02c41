/**
 * How long a run waits before the next model attempt (docs/spec/agent-runtime.md §7 "Retries").
 */

/** The longest a provider's Retry-After makes a run wait before its next attempt, ms. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait before the next attempt, ms (docs/spec/agent-runtime.md §7 "Retries"): the profile's
 * `modelRetry.intervalMs`, or the provider's Retry-After (`retryAfterMs`, a 429's) when that is
 * longer, at most MAX_RETRY_AFTER_MS (never shorter than the profile's interval). A retry sent before
 * the provider said it would answer again only spends an attempt.
 */
export function retryWaitMs(intervalMs: number, retryAfterMs: unknown): number {
  if (typeof retryAfterMs !== "number" || !Number.isFinite(retryAfterMs) || retryAfterMs <= intervalMs)
    return intervalMs;
  return Math.max(intervalMs, Math.min(Math.ceil(retryAfterMs), MAX_RETRY_AFTER_MS));
}
