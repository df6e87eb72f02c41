/**
 * AlarmScheduler: every timed job of a user (run steps, watchdogs, expiries) multiplexed onto the
 * object's one alarm through the `te_schedule` table (docs/spec/scheduling.md, docs/decisions/0002).
 * Two kinds of jobs:
 * - a *step kind* (durable-objects/steps/) is started detached under a lease by the
 *   StepDispatcher and never awaited, so a slow model or MCP call of one run never delays another
 *   run's step (docs/decisions/1800). A running step scheduled again for now (its own next step)
 *   writes no row: it continues in memory under its lease when it settles (ADR 3450);
 * - any other job is short local work awaited by the alarm; one that throws is retried with
 *   exponential backoff (1 s · 2^attempt, ≤ 5 min, at most MAX_JOB_ATTEMPTS) and never blocks the
 *   other due jobs.
 */
import { scheduleStore } from "../src/composition/scheduling";
import type { ScheduledJob, ScheduleStore } from "../src/ports/schedule-store";
import type { Scheduler, Space } from "../src/ports/space";
import type { JobHandler } from "./jobs/registry";
import { HEARTBEAT_JOB, StepDispatcher, keyOf } from "./step-dispatcher";
import type { StepHandler } from "./steps/registry";

/** Jobs run per alarm invocation before the rest are deferred to an immediate next alarm. */
export const MAX_JOBS_PER_ALARM = 25;
/** Attempts after which a failing job is dropped (and logged). */
export const MAX_JOB_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 5 * 60 * 1000;
/** How early an alarm may fire and still count as the alarm for `armedAt`. */
const EARLY_FIRE_SLACK_MS = 1000;

export class AlarmScheduler implements Scheduler {
  /** The alarm time this object last set (memory only; null after eviction or when none). */
  private armedAt: number | null = null;
  /** Keys of running steps for which a row was written while they ran (see continuesRunning). */
  private readonly rowsWhileRunning = new Set<string>();
  /** While runDue handles the alarm set for this time (see rearm). */
  private handling: number | null = null;

  /** Steps in flight in this object, their leases and the heartbeat. */
  readonly steps: StepDispatcher;
  /** The job table (`te_schedule`). */
  private readonly jobs: ScheduleStore;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly now: () => number,
  ) {
    this.jobs = scheduleStore(storage.sql);
    this.steps = new StepDispatcher(storage, now, this);
  }

  /**
   * At construction (the object just started, nothing is in flight): recovers the steps whose
   * leases were left by an object that died and re-arms the alarm from the schedule table
   * (workerd does not always fire a persisted alarm after a restart).
   */
  start(): void {
    this.steps.recoverAll();
    this.rearm();
  }

  schedule(kind: string, ref: string, dueAt: number): void {
    // The last time set wins, as for any job: a continuation set before is dropped.
    this.steps.dropContinuation(kind, ref);
    if (this.continuesRunning(kind, ref, dueAt)) return;
    this.jobs.put(kind, ref, Math.floor(dueAt));
    this.rearm();
  }

  scheduleBy(kind: string, ref: string, dueAt: number): void {
    if (this.steps.continuationAt(kind, ref) !== null) return; // already due now
    if (this.continuesRunning(kind, ref, dueAt)) return;
    this.jobs.putBy(kind, ref, Math.floor(dueAt));
    this.rearm();
  }

  dueAt(kind: string, ref: string): number | null {
    return this.steps.continuationAt(kind, ref) ?? this.jobs.dueAt(kind, ref);
  }

  cancel(kind: string, ref: string): void {
    this.steps.dropContinuation(kind, ref);
    this.rowsWhileRunning.delete(keyOf(kind, ref));
    this.jobs.delete(kind, ref);
    this.rearm();
  }

  /**
   * For step `(kind, ref)` running here and due by `dueAt` ≤ now: it continues in memory when it
   * settles, and a row written for it while it ran is removed; returns true. Otherwise false, and
   * the caller writes the row (noted when the step runs: a running step has no row otherwise,
   * since the alarm removes a step's row before starting it).
   */
  private continuesRunning(kind: string, ref: string, dueAt: number): boolean {
    if (!this.steps.isRunning(kind, ref)) return false;
    const key = keyOf(kind, ref);
    if (dueAt > this.now()) {
      this.rowsWhileRunning.add(key);
      return false;
    }
    this.steps.continueAfter(kind, ref, Math.floor(dueAt));
    if (this.rowsWhileRunning.delete(key)) {
      this.jobs.delete(kind, ref);
      this.rearm();
    }
    return true;
  }

  /** Pending jobs, soonest first (for tests and diagnostics). */
  pending(): ScheduledJob[] {
    return this.jobs.all();
  }

  /**
   * Runs every due job once (called from the object's `alarm()`), then re-arms the alarm. Jobs of
   * a kind in `steps` are started detached (StepDispatcher.start) and not awaited.
   */
  async runDue(
    space: Space,
    handlers: Readonly<Record<string, JobHandler>>,
    steps: Readonly<Record<string, StepHandler>> = {},
  ): Promise<number> {
    // Jobs due by the time this alarm was set for are due even if the clock reads a little
    // earlier (an alarm may fire a few ms early); see rearm for the other half.
    const now = this.now();
    // The alarm firing is the one armed last (when this object armed one): remember its time even
    // when it fires far too early, so rearm never sets the alarm back to that exact time.
    this.handling = this.armedAt;
    const horizon =
      this.armedAt !== null && this.armedAt <= now + EARLY_FIRE_SLACK_MS ? Math.max(now, this.armedAt) : now;
    const due = this.jobs.due(horizon, MAX_JOBS_PER_ALARM);
    for (const { kind, ref, dueAt, attempts } of due) {
      // Remove first: a handler may re-schedule the same (kind, ref) for its next step.
      this.jobs.deleteAt(kind, ref, dueAt);
      this.rowsWhileRunning.delete(keyOf(kind, ref));
      const step = steps[kind];
      if (step) {
        this.steps.start(space, kind, ref, step);
        continue;
      }
      if (kind === HEARTBEAT_JOB) {
        this.steps.heartbeat();
        continue;
      }
      const handler = handlers[kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${kind}`);
        await handler(space, ref, attempts);
      } catch (error) {
        this.retryLater(kind, ref, attempts + 1, error);
      }
    }
    this.rearm();
    this.handling = null;
    return due.length;
  }

  private retryLater(kind: string, ref: string, attempts: number, error: unknown): void {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : "job failed";
    if (attempts >= MAX_JOB_ATTEMPTS) {
      console.error(JSON.stringify({ level: "error", code: "scheduler.job_dropped", kind, attempts }));
      return;
    }
    const delay = Math.min(1000 * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    this.jobs.putRetry(kind, ref, this.now() + delay, attempts, message.slice(0, 500));
  }

  /**
   * Arms the alarm for the soonest job. Never re-arms to the exact time of the alarm being handled:
   * workerd deletes the alarm after a successful handler when it still holds that time, which
   * would silently drop a job scheduled for it (e.g. a step scheduled "now" by a step, or the job
   * an early-firing alarm found not yet due). An earlier time is kept: workerd fires it.
   */
  private rearm(): void {
    const next = this.jobs.nextDueAt();
    if (next === null) {
      this.armedAt = null;
      void this.storage.deleteAlarm();
      return;
    }
    let at = next;
    if (this.handling !== null && at === this.handling) at = this.handling + 1;
    this.armedAt = at;
    void this.storage.setAlarm(at);
  }
}
