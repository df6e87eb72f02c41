/**
 * HTTP contracts of the agent run records and journal routes (docs/spec/journal.md, docs/spec/agent-runtime.md §9;
 * docs/api.md "Agent runs"): query strings of the list and events reads, and the DTO shapes clients get.
 */
import { z } from "zod";
import { AGENT_RUN_STATUSES } from "../domain/agent/run-status";
import { GENERATION_TYPES, PRESENTATIONS } from "../domain/agent/run-record";
import { EVENT_LEVELS } from "../domain/agent/run-events";

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

/** `AgentRunEvent` as sent over HTTP and in `agent.event` frames. */
export const agentRunEventSchema = z.object({
  seq: z.number().int().min(1),
  id: z.string(),
  runId: z.string(),
  timestamp: z.string(),
  level: z.enum(EVENT_LEVELS),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()).nullable(),
});

/** `AgentRunSummary` (docs/spec/agent-runtime.md §9). */
export const agentRunSummarySchema = z.object({
  runId: z.string(),
  workspaceId: z.string(),
  stableChatId: z.string(),
  chatRef: z.object({ kind: z.enum(["character", "group"]) }).catchall(z.unknown()),
  generationType: z.enum(GENERATION_TYPES),
  profileId: z.string().optional(),
  skillScopeRefs: z
    .object({
      preset: z.object({ apiId: z.string(), name: z.string() }).optional(),
      characterId: z.string().optional(),
    })
    .optional(),
  persistBaseStateId: z.string().optional(),
  inputMessageCount: z.number().int().optional(),
  presentation: z.enum(PRESENTATIONS),
  status: z.enum(AGENT_RUN_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  commitCount: z.number().int(),
  committedMessage: z
    .object({
      commitId: z.string(),
      messageId: z.string(),
      messageIndex: z.number().int().optional(),
      committedAt: z.string(),
    })
    .optional(),
  terminalAt: z.string().optional(),
});

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
