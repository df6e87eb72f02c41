/**
 * The platform's limit on bound parameters per SQL statement, and the helpers every store uses to
 * stay under it (multi-row INSERTs, `WHERE … IN (…)` reads in batches).
 */

/** Durable Object SQLite binds at most 100 parameters per statement. */
export const MAX_BOUND_PARAMETERS = 100;

/** `items` in consecutive slices of at most `size` (the last one may be shorter). */
export function* inBatches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
}

/** `?, ?, …` with `count` marks, for an `IN (…)` list. */
export function marks(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}
