/**
 * AlarmScheduler: every timed job of a user (run steps, watchdogs, expiries) multiplexed onto the
 * object's one alarm through the `te_schedule` table (docs/spec/scheduling.md, docs/decisions/0002).
 * Two kinds of jobs:
 * - a *step kind* (durable-objects/steps.ts) is started detached under a lease by the
 *   StepDispatcher and never awaited, so a slow model or MCP call of one run never delays another
 *   run's step (docs/decisions/1800);
 * - any other job is short local work awaited by the alarm; one that throws is retried with
 *   exponential backoff (1 s · 2^attempt, ≤ 5 min, at most MAX_JOB_ATTEMPTS) and never blocks the
 *   other due jobs.
 */
import type { Scheduler, Space } from "../src/ports/space";
import { HEARTBEAT_JOB, StepDispatcher, type StepHandler } from "./step-dispatcher";

/** Handles one due job; `ref` is the job's reference (e.g. a run id). */
export type JobHandler = (space: Space, ref: string, attempt: number) => Promise<void> | void;

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
  /** While runDue handles the alarm set for this time (see rearm). */
  private handling: number | null = null;

  /** Steps in flight in this object, their leases and the heartbeat. */
  readonly steps: StepDispatcher;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly now: () => number,
  ) {
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
    this.storage.sql.exec(
      "INSERT INTO te_schedule(kind, ref, due_at, attempts) VALUES(?, ?, ?, 0) ON CONFLICT(kind, ref) DO UPDATE SET due_at = excluded.due_at, attempts = 0, last_error = NULL",
      kind,
      ref,
      Math.floor(dueAt),
    );
    this.rearm();
  }

  scheduleBy(kind: string, ref: string, dueAt: number): void {
    this.storage.sql.exec(
      "INSERT INTO te_schedule(kind, ref, due_at, attempts) VALUES(?, ?, ?, 0) ON CONFLICT(kind, ref) DO UPDATE SET due_at = MIN(due_at, excluded.due_at)",
      kind,
      ref,
      Math.floor(dueAt),
    );
    this.rearm();
  }

  dueAt(kind: string, ref: string): number | null {
    const row = this.storage.sql
      .exec("SELECT due_at FROM te_schedule WHERE kind = ? AND ref = ?", kind, ref)
      .toArray()[0];
    return row ? Number(row.due_at) : null;
  }

  cancel(kind: string, ref: string): void {
    this.storage.sql.exec("DELETE FROM te_schedule WHERE kind = ? AND ref = ?", kind, ref);
    this.rearm();
  }

  /** Pending jobs, soonest first (for tests and diagnostics). */
  pending(): Array<{ kind: string; ref: string; dueAt: number; attempts: number; lastError: string | null }> {
    return this.storage.sql
      .exec("SELECT * FROM te_schedule ORDER BY due_at, kind, ref")
      .toArray()
      .map((row) => ({
        kind: String(row.kind),
        ref: String(row.ref),
        dueAt: Number(row.due_at),
        attempts: Number(row.attempts),
        lastError: row.last_error === null ? null : String(row.last_error),
      }));
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
    this.handling = this.armedAt !== null && this.armedAt <= now + EARLY_FIRE_SLACK_MS ? this.armedAt : null;
    const horizon = Math.max(now, this.handling ?? 0);
    const due = this.storage.sql
      .exec(
        "SELECT kind, ref, due_at, attempts FROM te_schedule WHERE due_at <= ? ORDER BY due_at LIMIT ?",
        horizon,
        MAX_JOBS_PER_ALARM,
      )
      .toArray();
    for (const row of due) {
      const kind = String(row.kind);
      const ref = String(row.ref);
      const attempts = Number(row.attempts);
      // Remove first: a handler may re-schedule the same (kind, ref) for its next step.
      this.storage.sql.exec("DELETE FROM te_schedule WHERE kind = ? AND ref = ? AND due_at = ?", kind, ref, row.due_at);
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
    this.storage.sql.exec(
      "INSERT INTO te_schedule(kind, ref, due_at, attempts, last_error) VALUES(?, ?, ?, ?, ?) ON CONFLICT(kind, ref) DO NOTHING",
      kind,
      ref,
      this.now() + delay,
      attempts,
      message.slice(0, 500),
    );
  }

  /**
   * Arms the alarm for the soonest job. Never re-arms to the exact time of the alarm being handled:
   * workerd deletes the alarm after a successful handler when it still holds that time, which
   * would silently drop a job scheduled for it (e.g. a step scheduled "now" by a step).
   */
  private rearm(): void {
    const row = this.storage.sql.exec("SELECT MIN(due_at) AS next FROM te_schedule").one();
    if (row.next === null) {
      this.armedAt = null;
      void this.storage.deleteAlarm();
      return;
    }
    let at = Number(row.next);
    if (this.handling !== null && at <= this.handling) at = this.handling + 1;
    this.armedAt = at;
    void this.storage.setAlarm(at);
  }
}
