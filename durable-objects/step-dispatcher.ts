/**
 * StepDispatcher: runs due steps detached, each under a short lease in SQLite, so the alarm only
 * dispatches and never waits for a model or MCP call (docs/spec/scheduling.md,
 * docs/decisions/1800).
 *
 * - `start` records the lease (`te_step_leases`, `lease_until = now + STEP_LEASE_MS`), starts the
 *   step's handler without awaiting it, and makes sure the heartbeat job is scheduled; when the
 *   handler settles the lease row is deleted (the step has saved its state and scheduled its next
 *   step itself). A next step due by then (`continueAfter`: the step scheduled itself "now", or
 *   the alarm found it due while it ran) runs at once under the same lease, with no schedule row
 *   and no alarm hop (the hop was half of an agent round; ADR 3450).
 * - The heartbeat (job `scheduler.heartbeat`, every HEARTBEAT_MS while any step is in flight,
 *   none while idle) renews the leases of the steps running here. Each heartbeat alarm is an
 *   incoming event, so the object is not evicted for inactivity while a step waits on the network
 *   (`ctx.waitUntil` would not keep it alive).
 * - A lease row whose step is not running in this object belongs to an object that died: at
 *   construction every row is such an orphan (memory is empty) and is recovered at once; later,
 *   the heartbeat recovers rows whose lease expired. Recovery schedules the step again now; the
 *   step kind itself decides what an interrupted step means (its state in SQLite says what was in
 *   flight).
 */
import { stepLeaseStore } from "../src/composition/scheduling";
import type { StepLease, StepLeaseStore } from "../src/ports/schedule-store";
import type { Space } from "../src/ports/space";
import type { StepHandler } from "./steps/registry";

/** How long a lease lasts without renewal, ms. */
export const STEP_LEASE_MS = 20_000;
/** Heartbeat period while any step is in flight, ms (well inside the 70–140 s eviction window). */
export const HEARTBEAT_MS = 10_000;
/** Job kind of the heartbeat (handled by the scheduler itself). */
export const HEARTBEAT_JOB = "scheduler.heartbeat";
interface SchedulerHooks {
  schedule(kind: string, ref: string, dueAt: number): void;
  scheduleBy(kind: string, ref: string, dueAt: number): void;
  cancel(kind: string, ref: string): void;
}

/** The key of job `(kind, ref)` in the dispatcher's and the scheduler's memory. */
export const keyOf = (kind: string, ref: string) => `${kind}\u0000${ref}`;

export class StepDispatcher {
  private readonly running = new Map<string, { kind: string; ref: string; done: Promise<void> }>();
  /**
   * Steps due again while they run here (typically the next step, which a step schedules "now"
   * before it returns; or the alarm found the step due while it ran), by key → due time. Kept in
   * memory, not in `te_schedule`: the step's lease row says it must run again if this object dies,
   * and the next step starts the moment the running one settles (ADR 3450).
   */
  private readonly continuations = new Map<string, number>();
  /** The lease table (`te_step_leases`). */
  private readonly leases: StepLeaseStore;

  constructor(
    storage: DurableObjectStorage,
    private readonly now: () => number,
    private readonly scheduler: SchedulerHooks,
  ) {
    this.leases = stepLeaseStore(storage.sql);
  }

  /** True when step `(kind, ref)` is running in this object now. */
  isRunning(kind: string, ref: string): boolean {
    return this.running.has(keyOf(kind, ref));
  }

  /** Steps running in this object now. */
  inFlight(): Array<{ kind: string; ref: string }> {
    return [...this.running.values()].map(({ kind, ref }) => ({ kind, ref }));
  }

  /**
   * Runs step `(kind, ref)`, which runs here now, again as soon as it settles (the scheduler's
   * `schedule`/`scheduleBy` of a running step due by now). `dueAt` (ms) is what `dueAt` reports
   * meanwhile.
   */
  continueAfter(kind: string, ref: string, dueAt: number): void {
    const key = keyOf(kind, ref);
    const known = this.continuations.get(key);
    this.continuations.set(key, known === undefined ? dueAt : Math.min(known, dueAt));
  }

  /** The due time of a continuation of `(kind, ref)`, or null. */
  continuationAt(kind: string, ref: string): number | null {
    return this.continuations.get(keyOf(kind, ref)) ?? null;
  }

  /** Forgets a continuation of `(kind, ref)` (cancelled, or moved to a later time). */
  dropContinuation(kind: string, ref: string): void {
    this.continuations.delete(keyOf(kind, ref));
  }

  /** Resolves when every step running now has settled (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** Starts step `(kind, ref)` detached under a lease (its schedule row is already removed). */
  start(space: Space, kind: string, ref: string, handler: StepHandler): void {
    const key = keyOf(kind, ref);
    const now = this.now();
    if (this.running.has(key)) {
      this.continueAfter(kind, ref, now);
      return;
    }
    this.leases.acquire(kind, ref, now + STEP_LEASE_MS, now);
    this.scheduler.scheduleBy(HEARTBEAT_JOB, "", now + HEARTBEAT_MS);
    this.run(space, kind, ref, handler);
  }

  /** Runs the handler under the lease already held; again while a continuation is due. */
  private run(space: Space, kind: string, ref: string, handler: StepHandler): void {
    const key = keyOf(kind, ref);
    const done = Promise.resolve()
      .then(() => handler(space, ref))
      .catch((error: unknown) => {
        console.error(
          JSON.stringify({
            level: "error",
            code: "scheduler.step_failed",
            kind,
            ref,
            message: error instanceof Error ? `${error.name}: ${error.message}` : "step failed",
          }),
        );
      })
      .finally(() => {
        this.running.delete(key);
        // The step's next step, due now: started at once under the same lease instead of after an
        // alarm hop and two schedule writes (issue 31: that was half of an agent round).
        if (this.continuations.has(key)) {
          this.continuations.delete(key);
          this.run(space, kind, ref, handler);
          return;
        }
        this.leases.release(kind, ref);
        if (this.running.size === 0) this.scheduler.cancel(HEARTBEAT_JOB, "");
      });
    this.running.set(key, { kind, ref, done });
  }

  /** The heartbeat: renews live leases, recovers expired orphans, schedules the next beat while busy. */
  heartbeat(): void {
    const now = this.now();
    for (const { kind, ref } of this.running.values()) {
      this.leases.renew(kind, ref, now + STEP_LEASE_MS);
    }
    this.recover((lease) => lease.leaseUntil <= now);
    if (this.running.size > 0) this.scheduler.schedule(HEARTBEAT_JOB, "", now + HEARTBEAT_MS);
  }

  /**
   * Recovers every lease row of a step not running here (at construction: all of them, since an
   * object that starts has nothing in flight). Returns how many were recovered.
   */
  recoverAll(): number {
    return this.recover(() => true);
  }

  private recover(expired: (lease: StepLease) => boolean): number {
    const now = this.now();
    let count = 0;
    for (const lease of this.leases.all()) {
      const { kind, ref } = lease;
      if (this.running.has(keyOf(kind, ref)) || !expired(lease)) continue;
      this.leases.release(kind, ref);
      this.scheduler.scheduleBy(kind, ref, now);
      count += 1;
      console.warn(
        JSON.stringify({
          level: "warn",
          code: "scheduler.step_recovered",
          kind,
          ref,
          leaseExpiredMsAgo: Math.max(0, now - lease.leaseUntil),
        }),
      );
    }
    return count;
  }
}
