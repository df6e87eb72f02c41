/**
 * Run retention (docs/spec/retention-usage.md "Settings" and "Plan"): the settings, their
 * validation and the pure planning rule. Terminal runs are ranked by recency (newest first by
 * creation time, then id, the order the run list shows); non-terminal runs are never ranked nor
 * touched.
 *
 * - rank < keepFullRecentRuns → kept whole;
 * - keepFullRecentRuns ≤ rank < keepRecentTerminalRuns → slimmed (heavy artifacts dropped, the
 *   run record and its journal kept);
 * - rank ≥ keepRecentTerminalRuns → deleted.
 */
import { AppError } from "../errors";
import { isTerminalStatus, type AgentRunStatus } from "./run-status";

/** `{keepRecentTerminalRuns, keepFullRecentRuns, autoPruneEnabled}` of one user. */
export interface RetentionSettings {
  /** Terminal runs kept at all (whole or slimmed), 0..10,000; default 100. */
  keepRecentTerminalRuns: number;
  /** Terminal runs kept whole, 0..10,000 and ≤ keepRecentTerminalRuns; default 20. */
  keepFullRecentRuns: number;
  /** Prune once a day on the scheduler; default false. */
  autoPruneEnabled: boolean;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  keepRecentTerminalRuns: 100,
  keepFullRecentRuns: 20,
  autoPruneEnabled: false,
};

/** Upper bound of both counts. */
export const MAX_RETENTION_RUNS = 10_000;

/**
 * Merges a partial change into `current` and checks the result.
 * @throws AppError `agent.retention_invalid` (400) with `details.issues: [{path, message}]` when a
 * count is not an integer in 0..10,000, autoPruneEnabled is not a boolean, or
 * keepFullRecentRuns > keepRecentTerminalRuns.
 */
export function mergeRetention(current: RetentionSettings, patch: Partial<RetentionSettings>): RetentionSettings {
  const next: RetentionSettings = { ...current, ...definedOnly(patch) };
  const issues: Array<{ path: string; message: string }> = [];
  for (const key of ["keepRecentTerminalRuns", "keepFullRecentRuns"] as const) {
    const value = next[key];
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_RETENTION_RUNS)
      issues.push({ path: key, message: `${key} must be a whole number from 0 to ${MAX_RETENTION_RUNS}.` });
  }
  if (typeof next.autoPruneEnabled !== "boolean")
    issues.push({ path: "autoPruneEnabled", message: "autoPruneEnabled must be true or false." });
  if (issues.length === 0 && next.keepFullRecentRuns > next.keepRecentTerminalRuns)
    issues.push({
      path: "keepFullRecentRuns",
      message: `keepFullRecentRuns (${next.keepFullRecentRuns}) cannot be more than keepRecentTerminalRuns (${next.keepRecentTerminalRuns}): a run kept whole is also a run kept.`,
    });
  if (issues.length > 0) throw retentionInvalid(issues);
  return next;
}

/** The `agent.retention_invalid` error for these issues (first one in the message). */
export function retentionInvalid(issues: Array<{ path: string; message: string }>): AppError {
  return new AppError("agent.retention_invalid", issues[0]?.message ?? "These retention settings are not valid.", {
    issues,
  });
}

function definedOnly(patch: Partial<RetentionSettings>): Partial<RetentionSettings> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

/** What planning needs of a run (one te_runs row). */
export interface RetentionCandidate {
  runId: string;
  stableChatId: string;
  status: AgentRunStatus;
  /** ms epoch */
  createdAt: number;
  /** ms epoch, null while not terminal */
  terminalAt: number | null;
  /** ms epoch when it was slimmed, null when whole */
  slimmedAt: number | null;
}

/** Why a run is left alone (docs/spec/retention-usage.md "Plan"). */
export type RetentionBlockReason = "active_run";

/** One run of a plan, as the preview shows it. */
export interface RetentionPlanRun {
  runId: string;
  stableChatId: string;
  status: AgentRunStatus;
  /** 0-based rank among terminal runs, newest first. */
  rank: number;
  createdAt: string;
  terminalAt: string | null;
}

/** The preview of a prune. */
export interface RetentionPlan {
  settings: RetentionSettings;
  /** Terminal runs ranked. */
  terminalRuns: number;
  /** Terminal runs kept whole. */
  keepFull: number;
  /** Terminal runs already slimmed that stay slimmed. */
  alreadySlimmed: number;
  slim: RetentionPlanRun[];
  delete: RetentionPlanRun[];
  blocked: Array<{ runId: string; status: AgentRunStatus; blockReason: RetentionBlockReason }>;
}

/**
 * Plans a prune over `runs` given newest first (createdAt DESC, runId DESC).
 * Pure: the same runs and settings always give the same plan.
 */
export function planRetention(runs: Iterable<RetentionCandidate>, settings: RetentionSettings): RetentionPlan {
  const plan: RetentionPlan = {
    settings,
    terminalRuns: 0,
    keepFull: 0,
    alreadySlimmed: 0,
    slim: [],
    delete: [],
    blocked: [],
  };
  for (const run of runs) {
    if (!isTerminalStatus(run.status)) {
      plan.blocked.push({ runId: run.runId, status: run.status, blockReason: "active_run" });
      continue;
    }
    const rank = plan.terminalRuns;
    plan.terminalRuns += 1;
    const entry: RetentionPlanRun = {
      runId: run.runId,
      stableChatId: run.stableChatId,
      status: run.status,
      rank,
      createdAt: new Date(run.createdAt).toISOString(),
      terminalAt: run.terminalAt === null ? null : new Date(run.terminalAt).toISOString(),
    };
    if (rank >= settings.keepRecentTerminalRuns) plan.delete.push(entry);
    else if (rank >= settings.keepFullRecentRuns) {
      if (run.slimmedAt === null) plan.slim.push(entry);
      else plan.alreadySlimmed += 1;
    } else if (run.slimmedAt !== null) plan.alreadySlimmed += 1;
    else plan.keepFull += 1;
  }
  return plan;
}
