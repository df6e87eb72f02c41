/**
 * RetentionService (docs/spec/retention-usage.md): the user's retention settings, the plan
 * preview, and the prune that slims or deletes old terminal runs and then sweeps the blobs they
 * alone used. Never touches a non-terminal run.
 *
 * A prune is synchronous between runs (no other request interleaves inside one run's change) and
 * stops after PRUNE_BUDGET_MS so one invocation stays far below the platform's CPU limit; the
 * rest continues on the scheduler job RETENTION_JOB one second later. `bytesFreed` is the drop of
 * the tracked `runs` + `workspace` usage counters across the prune, so it is known only after the
 * blob sweep (blobs are shared between runs and persistent states).
 *
 * Frames (to every socket of the user): `agent.retention_changed {settings}` after a change,
 * `agent.retention_pruned {prune}` after a prune, plus the per-run `agent.run_removed` and
 * `agent.run_changed {slimmed: true}` of RunRecordService.
 *
 * Error codes: agent.retention_invalid (400).
 */
import {
  mergeRetention,
  planRetention,
  type RetentionPlan,
  type RetentionSettings,
} from "../../domain/agent/retention";
import { prunableBytes } from "../../domain/usage";
import type { PruneRecord, RetentionStore, StoredRetention, UsageReader } from "../../ports/retention";
import type { Clock, Scheduler, SocketHub } from "../../ports/space";
import type { RunRecordService } from "./run-records";

/** Scheduler job kind of the daily prune (ref "daily") and of a prune's continuation (ref "continue"). */
export const RETENTION_JOB = "retention.prune";
/** Time between two automatic prunes. */
export const DAILY_MS = 24 * 60 * 60 * 1000;
/** Wall time one prune invocation may spend before it hands the rest to the scheduler. */
export const PRUNE_BUDGET_MS = 2_000;
/** Runs listed per list in the plan preview (the counts are always complete). */
export const PLAN_PREVIEW_LIMIT = 1_000;

/** The settings view: the settings, their revision and the last prune. */
export type RetentionView = StoredRetention & { nextAutoPruneAt: string | null };

/** The plan preview: the plan with each list cut to PLAN_PREVIEW_LIMIT and the full counts. */
export type RetentionPreview = RetentionPlan & { slimCount: number; deleteCount: number; truncated: boolean };

/** `POST /agent/retention/prune`. */
export interface PruneResult {
  slimmed: number;
  deleted: number;
  bytesFreed: number;
  /** Runs still to slim or delete after this invocation (continued by the scheduler). */
  remaining: number;
}

export interface RetentionDeps {
  store: RetentionStore;
  usage: UsageReader;
  runs: RunRecordService;
  scheduler: Scheduler;
  sockets: SocketHub;
  clock: Clock;
  /** When the daily job is due (ms epoch), or null; read from the schedule table. */
  dailyDueAt(): number | null;
  /** Operator log of each prune (a JSON line `retention.pruned`; no user content). */
  log?(record: PruneRecord): void;
}

export class RetentionService {
  constructor(private readonly deps: RetentionDeps) {}

  /** The current settings (defaults 100 / 20 / false until changed). */
  get(): RetentionView {
    const due = this.deps.dailyDueAt();
    return { ...this.deps.store.read(), nextAutoPruneAt: due === null ? null : new Date(due).toISOString() };
  }

  /**
   * Changes some settings (the rest stay). Turning autoPruneEnabled on schedules the daily prune
   * 24 h from now; turning it off cancels it. Broadcasts `agent.retention_changed`.
   * @throws AppError agent.retention_invalid (400, details.issues)
   */
  update(patch: Partial<RetentionSettings>): RetentionView {
    const current = this.deps.store.read();
    const next = mergeRetention(current, patch);
    this.deps.store.write(next, this.deps.clock.now());
    if (next.autoPruneEnabled && !current.autoPruneEnabled)
      this.deps.scheduler.schedule(RETENTION_JOB, "daily", this.deps.clock.now() + DAILY_MS);
    if (!next.autoPruneEnabled && current.autoPruneEnabled) {
      this.deps.scheduler.cancel(RETENTION_JOB, "daily");
      this.deps.scheduler.cancel(RETENTION_JOB, "continue");
    }
    const view = this.get();
    this.deps.sockets.broadcast({ type: "agent.retention_changed", settings: view });
    return view;
  }

  /** What a prune would do now: the runs it would slim and delete, and the active runs it leaves alone. */
  plan(): RetentionPreview {
    const plan = planRetention(this.deps.store.candidates(), this.settings());
    const truncated = plan.slim.length > PLAN_PREVIEW_LIMIT || plan.delete.length > PLAN_PREVIEW_LIMIT;
    return {
      ...plan,
      slim: plan.slim.slice(0, PLAN_PREVIEW_LIMIT),
      delete: plan.delete.slice(0, PLAN_PREVIEW_LIMIT),
      slimCount: plan.slim.length,
      deleteCount: plan.delete.length,
      truncated,
    };
  }

  /**
   * Re-plans and applies the plan: deletes the runs past keepRecentTerminalRuns (oldest first),
   * then slims those past keepFullRecentRuns, each run in its own transaction; stops at the time
   * budget and schedules the rest. Records and broadcasts the result.
   */
  prune(trigger: PruneRecord["trigger"] = "manual"): PruneResult {
    const { runs, usage, clock } = this.deps;
    const started = clock.now();
    const before = prunableBytes(usage.counters());
    const plan = planRetention(this.deps.store.candidates(), this.settings());
    const work: Array<{ runId: string; action: "delete" | "slim" }> = [
      ...[...plan.delete].reverse().map((run) => ({ runId: run.runId, action: "delete" as const })),
      ...[...plan.slim].reverse().map((run) => ({ runId: run.runId, action: "slim" as const })),
    ];
    let slimmed = 0;
    let deleted = 0;
    let done = 0;
    for (const item of work) {
      if (done > 0 && clock.now() - started >= PRUNE_BUDGET_MS) break;
      if (item.action === "delete") {
        runs.delete(item.runId);
        deleted += 1;
      } else if (runs.slim(item.runId)) slimmed += 1;
      done += 1;
    }
    const remaining = work.length - done;
    if (remaining > 0) this.deps.scheduler.schedule(RETENTION_JOB, "continue", clock.now() + 1_000);
    const result: PruneResult = {
      slimmed,
      deleted,
      bytesFreed: Math.max(0, before - prunableBytes(usage.counters())),
      remaining,
    };
    const record: PruneRecord = { at: new Date(clock.now()).toISOString(), trigger, ...result };
    this.deps.store.recordPrune(record);
    this.deps.log?.(record);
    this.deps.sockets.broadcast({ type: "agent.retention_pruned", prune: record });
    return result;
  }

  /** Just the three settings (no revision or history). */
  private settings(): RetentionSettings {
    const { keepRecentTerminalRuns, keepFullRecentRuns, autoPruneEnabled } = this.deps.store.read();
    return { keepRecentTerminalRuns, keepFullRecentRuns, autoPruneEnabled };
  }

  /**
   * The scheduler job: `ref` "daily" prunes when autoPruneEnabled and schedules the next day;
   * "continue" carries on an unfinished prune. A disabled setting makes both a no-op.
   */
  runJob(ref: string): void {
    const settings = this.deps.store.read();
    if (ref === "daily") {
      if (!settings.autoPruneEnabled) return;
      this.deps.scheduler.schedule(RETENTION_JOB, "daily", this.deps.clock.now() + DAILY_MS);
      this.prune("daily");
      return;
    }
    if (ref === "continue") this.prune(settings.autoPruneEnabled ? "daily" : "manual");
  }
}
