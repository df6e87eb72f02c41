/**
 * How a followed export or restore view takes a newer frame or read (docs/spec/data-portability.md
 * §5 "Progress"): a job's progress only grows and its end is final. Frames and reads interleave
 * (a read started before a frame may answer after it), so `done` never moves backwards while the
 * job runs, and a terminal status (`ready`, `done`, `failed`) is never replaced by `running`.
 */

/** The part of an export/restore view (or progress frame) this merge looks at. */
export interface JobProgressShape {
  status: string;
  done: number;
  total: number;
}

/** Statuses a followed job never leaves. */
export const TERMINAL_JOB_STATUSES: ReadonlySet<string> = new Set(["ready", "done", "failed"]);

/**
 * `current` updated by `next` (a read's full view, or a frame's `{status, done, total}` spread on
 * `current`). A stale `running` after a terminal status keeps `current`; while both run, `done` is
 * the larger of the two. A terminal `next` is taken as it is (its `done` is final).
 */
export function mergeJobView<T extends JobProgressShape>(current: T | null, next: T): T {
  if (!current) return next;
  if (TERMINAL_JOB_STATUSES.has(current.status) && !TERMINAL_JOB_STATUSES.has(next.status)) return current;
  if (TERMINAL_JOB_STATUSES.has(next.status)) return next;
  return next.done >= current.done ? next : { ...next, done: current.done, total: Math.max(next.total, current.total) };
}
