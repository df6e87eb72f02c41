/**
 * Wire shapes of retention and usage (docs/spec/retention-usage.md; docs/api.md "Retention and
 * usage"): the settings view, the plan preview, a prune's result and record, the usage report.
 */
import { z } from "zod";
import { AGENT_RUN_STATUSES } from "../domain/agent/run-status";
import { isoTimeSchema } from "./device-views";

const count = z.number().int().min(0);

/** One prune as recorded (`lastPrune`) and broadcast (`agent.retention_pruned`). */
export const pruneRecordSchema = z.strictObject({
  at: isoTimeSchema,
  trigger: z.enum(["manual", "daily"]),
  slimmed: count,
  deleted: count,
  bytesFreed: count,
  remaining: count,
});

/** `GET | PATCH /agent/retention`. */
export const retentionViewSchema = z.strictObject({
  keepRecentTerminalRuns: count.max(10_000),
  keepFullRecentRuns: count.max(10_000),
  autoPruneEnabled: z.boolean(),
  revision: count,
  /** ms epoch of the last change, null for the defaults. */
  updatedAt: z.number().int().nullable(),
  lastPrune: pruneRecordSchema.nullable(),
  nextAutoPruneAt: isoTimeSchema.nullable(),
});

const planRunSchema = z.strictObject({
  runId: z.string(),
  stableChatId: z.string(),
  status: z.enum(AGENT_RUN_STATUSES),
  rank: count,
  createdAt: isoTimeSchema,
  terminalAt: isoTimeSchema.nullable(),
});

/** `GET /agent/retention/plan`. */
export const retentionPlanSchema = z.strictObject({
  settings: z.strictObject({
    keepRecentTerminalRuns: count,
    keepFullRecentRuns: count,
    autoPruneEnabled: z.boolean(),
  }),
  terminalRuns: count,
  keepFull: count,
  alreadySlimmed: count,
  slim: z.array(planRunSchema),
  delete: z.array(planRunSchema),
  blocked: z.array(
    z.strictObject({ runId: z.string(), status: z.enum(AGENT_RUN_STATUSES), blockReason: z.literal("active_run") }),
  ),
  slimCount: count,
  deleteCount: count,
  truncated: z.boolean(),
});

/** `POST /agent/retention/prune`. */
export const pruneResultSchema = z.strictObject({
  slimmed: count,
  deleted: count,
  bytesFreed: count,
  remaining: count,
});

/** `GET /usage`. */
export const usageReportSchema = z.strictObject({
  bytes: z.strictObject({
    chats: count,
    runs: count,
    workspace: count,
    catalogs: count,
    other: count,
    total: count,
  }),
  counts: z.strictObject({
    chats: count,
    messages: count,
    runs: count,
    journalEvents: count,
    workspaceBlobs: count,
    registrations: count,
  }),
});
