/**
 * Composition: the scheduler's stores for one object (docs/spec/scheduling.md), used by
 * durable-objects/scheduler.ts and step-dispatcher.ts, which keep no SQL of their own.
 */
import { SqlScheduleStore } from "../adapters/storage/schedule-store";
import { SqlStepLeaseStore } from "../adapters/storage/step-lease-store";
import type { ScheduleStore, StepLeaseStore } from "../ports/schedule-store";

/** The job table over the object's SQLite. */
export function scheduleStore(sql: SqlStorage): ScheduleStore {
  return new SqlScheduleStore(sql);
}

/** The step lease table over the object's SQLite. */
export function stepLeaseStore(sql: SqlStorage): StepLeaseStore {
  return new SqlStepLeaseStore(sql);
}
