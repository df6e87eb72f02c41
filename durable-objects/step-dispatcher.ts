/**
 * StepDispatcher: runs due steps detached, each under a short lease in SQLite, so the alarm only
 * dispatches and never waits for a model or MCP call (docs/spec/scheduling.md,
 * docs/decisions/1800).
 *
 * - `start` records the lease (`te_step_leases`, `lease_until = now + STEP_LEASE_MS`), starts the
 *   step's handler without awaiting it, and makes sure the heartbeat job is scheduled; when the
 *   handler settles the lease row is deleted (the step has saved its state and scheduled its next
 *   step itself). A next step already due then is claimed and started at once, in memory, instead
 *   of waiting for the alarm to fire (the alarm hop was half of an agent round; ADR 3450).
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
/** When a step comes due while its previous step still runs here, try again this much later, ms. */
const BUSY_RETRY_MS = 250;

interface SchedulerHooks {
  schedule(kind: string, ref: string, dueAt: number): void;
  dueAt(kind: string, ref: string): number | null;
  scheduleBy(kind: string, ref: string, dueAt: number): void;
  cancel(kind: string, ref: string): void;
  claim(kind: string, ref: string, dueAt: number): void;
}

const keyOf = (kind: string, ref: string) => `${kind}\u0000${ref}`;

export class StepDispatcher {
  private readonly running = new Map<string, { kind: string; ref: string; done: Promise<void> }>();
  /**
   * Steps that came due while their previous step still ran here (typically the next step, which
   * a step schedules "now" before it returns): started as soon as that step settles, not
   * BUSY_RETRY_MS later (issue 31: the wait was most of an agent round).
   */
  private readonly deferred = new Map<string, number>();
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

  /** Resolves when every step running now has settled (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** Starts step `(kind, ref)` detached under a lease (its schedule row is already removed). */
  start(space: Space, kind: string, ref: string, handler: StepHandler): void {
    const key = keyOf(kind, ref);
    const now = this.now();
    if (this.running.has(key)) {
      this.deferred.set(key, now + BUSY_RETRY_MS);
      this.scheduler.scheduleBy(kind, ref, now + BUSY_RETRY_MS);
      return;
    }
    this.leases.acquire(kind, ref, now + STEP_LEASE_MS, now);
    this.scheduler.scheduleBy(HEARTBEAT_JOB, "", now + HEARTBEAT_MS);
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
        this.leases.release(kind, ref);
        // The step's next step, due now (scheduled by the step itself, or come due while it ran):
        // started here at once instead of after an alarm hop (issue 31).
        const retryAt = this.deferred.get(key);
        this.deferred.delete(key);
        const dueAt = this.scheduler.dueAt(kind, ref);
        const now = this.now();
        if (dueAt !== null && (dueAt <= now || (retryAt !== undefined && dueAt <= retryAt))) {
          this.scheduler.claim(kind, ref, dueAt);
          this.start(space, kind, ref, handler);
          return;
        }
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
