/**
 * Ports of the object's scheduler (docs/spec/scheduling.md): the job table the alarm multiplexes
 * (`te_schedule`) and the leases of steps running detached (`te_step_leases`). Implemented by
 * adapters/storage/schedule-store.ts and adapters/storage/step-lease-store.ts; used by
 * durable-objects/scheduler.ts and step-dispatcher.ts. Times are ms epoch.
 */

/** One scheduled job. `attempts` counts failed runs; `lastError` is the last failure's message. */
export interface ScheduledJob {
  kind: string;
  ref: string;
  dueAt: number;
  attempts: number;
  lastError: string | null;
}

/** The job table: one row per `(kind, ref)`. */
export interface ScheduleStore {
  /** Sets `(kind, ref)` due at `dueAt` with a fresh attempt count (insert or replace the time). */
  put(kind: string, ref: string, dueAt: number): void;
  /** Sets `(kind, ref)` due at `dueAt` unless it is already due earlier. */
  putBy(kind: string, ref: string, dueAt: number): void;
  /** Inserts a retry of a failed job unless `(kind, ref)` was re-scheduled meanwhile. */
  putRetry(kind: string, ref: string, dueAt: number, attempts: number, lastError: string): void;
  dueAt(kind: string, ref: string): number | null;
  delete(kind: string, ref: string): void;
  /** Deletes `(kind, ref)` only while it is still due at `dueAt` (a handler may have re-scheduled it). */
  deleteAt(kind: string, ref: string, dueAt: number): void;
  /** Jobs due at or before `horizon`, soonest first, at most `limit`. */
  due(horizon: number, limit: number): ScheduledJob[];
  /** Every job, soonest first. */
  all(): ScheduledJob[];
  /** The soonest due time, or null when nothing is scheduled. */
  nextDueAt(): number | null;
}

/** A step's lease: it runs in some object until `leaseUntil` unless renewed. */
export interface StepLease {
  kind: string;
  ref: string;
  leaseUntil: number;
}

/** The lease table: one row per step running detached. */
export interface StepLeaseStore {
  /** Records (or refreshes) the lease of `(kind, ref)` started at `startedAt`. */
  acquire(kind: string, ref: string, leaseUntil: number, startedAt: number): void;
  renew(kind: string, ref: string, leaseUntil: number): void;
  release(kind: string, ref: string): void;
  all(): StepLease[];
}
