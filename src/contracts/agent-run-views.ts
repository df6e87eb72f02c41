/**
 * Response shapes of the agent run, journal and agent loop routes (docs/spec/journal.md, docs/spec/agent-runtime.md §9;
 * docs/api.md "Agent runs"): `AgentRunHandle`, `AgentRunSummary`, `AgentRunEvent` are the domain's
 * types (domain/agent); the page and delete answers are defined here. Statuses are snake_case.
 */
import { z } from "zod";
import { EVENT_LEVELS, type AgentRunEvent, type EventLevel } from "../domain/agent/run-events";
import {
  GENERATION_TYPES,
  PRESENTATIONS,
  WAITING_KINDS,
  type AgentRunHandle,
  type AgentRunSummary,
  type GenerationType,
  type Presentation,
  type WaitingOnView,
} from "../domain/agent/run-record";
import { AGENT_RUN_STATUSES, type AgentRunStatus } from "../domain/agent/run-status";
import { isoTimeSchema } from "./device-views";

export type {
  AgentRunEvent,
  AgentRunHandle,
  AgentRunStatus,
  AgentRunSummary,
  EventLevel,
  GenerationType,
  Presentation,
  WaitingOnView,
};

/** What a running run waits on (docs/spec/scheduling.md §5); null when it does not wait. */
export const waitingOnSchema = z
  .strictObject({ kind: z.enum(WAITING_KINDS), since: isoTimeSchema, detail: z.string().optional() })
  .nullable();

/** `AgentRunEvent` as sent over HTTP and in `agent.event` frames. */
export const agentRunEventSchema = z.strictObject({
  seq: z.number().int().min(1),
  id: z.string(),
  runId: z.string(),
  timestamp: isoTimeSchema,
  level: z.enum(EVENT_LEVELS),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()).nullable(),
});

/** `AgentRunHandle` (§3.17): what start and cancel answer. */
export const agentRunHandleSchema = z.strictObject({
  runId: z.string(),
  status: z.enum(AGENT_RUN_STATUSES),
  workspaceId: z.string(),
  stableChatId: z.string(),
  generationType: z.enum(GENERATION_TYPES),
});

/** `AgentRunSummary` (§3.17); optional fields are omitted when unset. */
export const agentRunSummarySchema = z.strictObject({
  runId: z.string(),
  workspaceId: z.string(),
  stableChatId: z.string(),
  chatRef: z.object({ kind: z.enum(["character", "group"]) }).catchall(z.unknown()),
  generationType: z.enum(GENERATION_TYPES),
  profileId: z.string().optional(),
  skillScopeRefs: z
    .strictObject({
      preset: z.strictObject({ apiId: z.string(), name: z.string() }).optional(),
      characterId: z.string().optional(),
    })
    .optional(),
  persistBaseStateId: z.string().optional(),
  inputMessageCount: z.number().int().optional(),
  presentation: z.enum(PRESENTATIONS),
  status: z.enum(AGENT_RUN_STATUSES),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
  commitCount: z.number().int(),
  committedMessage: z
    .strictObject({
      commitId: z.string(),
      messageId: z.string(),
      messageIndex: z.number().int().optional(),
      committedAt: isoTimeSchema,
    })
    .optional(),
  terminalAt: isoTimeSchema.optional(),
  waitingOn: waitingOnSchema,
  /** Set once retention slimmed the run (docs/spec/retention-usage.md "Slim"). */
  slimmedAt: isoTimeSchema.optional(),
  /** The chat's title now (list and get; null when the chat was deleted since). */
  chatTitle: z.string().nullable().optional(),
});

/** `GET /agent/runs`: newest first; `nextCursor` when more runs exist. */
export const agentRunPageSchema = z.strictObject({
  runs: z.array(agentRunSummarySchema),
  nextCursor: z.string().optional(),
});
export type AgentRunPage = { runs: AgentRunSummary[]; nextCursor?: string };

/** `GET /agent/runs/:runId/events`: one page of the journal in `seq` order. */
export const agentRunEventPageSchema = z.strictObject({ events: z.array(agentRunEventSchema) });
export type AgentRunEventPage = { events: AgentRunEvent[] };

/** `DELETE /agent/runs/:runId`. */
export const agentRunDeletedSchema = z.strictObject({ runId: z.string(), deleted: z.literal(true) });
export type AgentRunDeleted = z.infer<typeof agentRunDeletedSchema>;

/** `POST /agent/runs/:runId/guidance` (202): the queued guidance, with a preview and counts. */
export const guidanceReceiptSchema = z.strictObject({
  runId: z.string(),
  guidanceId: z.string(),
  clientGuidanceId: z.string().optional(),
  status: z.literal("queued"),
  preview: z.string(),
  chars: z.number().int().min(0),
  words: z.number().int().min(0),
  pendingCount: z.number().int().min(0),
});
export type GuidanceReceipt = z.infer<typeof guidanceReceiptSchema>;
