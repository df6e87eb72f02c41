/**
 * Reconnect delay for attempt `attempt` (0-based): exponential from `baseMs`, capped at `maxMs`,
 * with "equal jitter" (half fixed, half random) so many devices do not reconnect in lockstep and no
 * delay is ever zero. `random` returns [0, 1). Milliseconds.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 10_000 };

export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const exp = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(exp / 2 + random() * (exp / 2));
}
