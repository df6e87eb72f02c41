/**
 * HTTP contracts of the agent run records and journal routes (docs/spec/journal.md, docs/spec/agent-runtime.md §9;
 * docs/api.md "Agent runs"): query strings of the list and events reads (the answers are in ./agent-run-views).
 */
import { z } from "zod";
import { AGENT_RUN_STATUSES } from "../domain/agent/run-status";
import { PRESENTATIONS } from "../domain/agent/run-record";

const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `runId` path parameter: `run_` + 32 hex (anything else cannot name a run). */
export const runIdSchema = z.string().regex(/^run_[0-9a-f]{32}$/, "A run id looks like run_<32 hex characters>.");

/** GET /agent/runs?stableChatId=&statuses=a,b&cursor=&limit= */
export const listRunsQuerySchema = z.object({
  stableChatId: z.string().trim().min(1).max(512).optional(),
  statuses: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(z.enum(AGENT_RUN_STATUSES)).max(AGENT_RUN_STATUSES.length))
    .optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ListRunsQuery = z.output<typeof listRunsQuerySchema>;

/** GET /agent/runs/:runId/events?afterSeq=&beforeSeq=&limit=&invocationId= (limit is clamped to 1..500). */
export const readEventsQuerySchema = z.object({
  afterSeq: seq.optional(),
  beforeSeq: seq.optional(),
  limit: z.coerce.number().int().optional(),
  invocationId: z.string().min(1).max(128).optional(),
});
export type ReadEventsQueryInput = z.output<typeof readEventsQuerySchema>;

/** Development-only bodies (see src/http/routes/agent-runs.ts "dev"). */
export const devCreateRunBodySchema = z
  .object({
    stableChatId: z.string().min(1).max(512),
    presentation: z.enum(PRESENTATIONS).optional(),
  })
  .strict();
export const devAppendEventsBodySchema = z
  .object({
    count: z.number().int().min(1).max(2000),
    payloadChars: z.number().int().min(0).max(16_384).optional(),
  })
  .strict();
export const devTransitionBodySchema = z.object({ status: z.enum(AGENT_RUN_STATUSES) }).strict();
