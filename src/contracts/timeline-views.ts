/**
 * Wire shapes of the run timeline (issue [web-timeline]; docs/spec/agent-runtime.md §9 "Reading one
 * tool call", "Live model text"): one tool call of a run and the live model text of a run.
 * The web client imports the types (type-only, ADR 1700).
 */
import { z } from "zod";
import { errorCodeSchema } from "./error-code";
import { messageViewSchema } from "./chat-views";
import { mcpCallOutcomeSchema } from "./mcp-views";

/** `GET /agent/runs/:runId/tool-calls/:callId` → one tool call (application/agent/tool-call-read.ts). */
export const toolCallViewSchema = z.strictObject({
  callId: z.string(),
  invocationId: z.string(),
  round: z.number().int().min(1),
  toolId: z.string().nullable(),
  alias: z.string(),
  server: z.strictObject({ registrationId: z.string(), displayName: z.string().nullable() }).optional(),
  arguments: z.unknown(),
  /** The arguments exactly as the model sent them (big integers keep every digit). */
  argumentsText: z.string(),
  result: z
    .strictObject({
      content: z.string(),
      isError: z.boolean(),
      errorCode: errorCodeSchema.nullable(),
      structured: z.unknown(),
      resourceRefs: z.array(z.string()),
    })
    .nullable(),
  raw: mcpCallOutcomeSchema.optional(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  truncated: z.boolean(),
});
export type ToolCallView = z.infer<typeof toolCallViewSchema>;

/**
 * The live model text of a run (docs/spec/agent-runtime.md §9 "Live model text"): `text` is the
 * increment; `seq` counts from 1 per run across invocations, rounds and attempts; at most 20
 * frames per second; to the sockets subscribed to the run.
 */
export const agentModelDeltaFrameSchema = z.strictObject({
  type: z.literal("agent.model_delta"),
  runId: z.string(),
  invocationId: z.string(),
  round: z.number().int().min(1),
  attempt: z.number().int().min(1),
  seq: z.number().int().min(1),
  kind: z.enum(["text", "reasoning"]),
  text: z.string(),
});

/** One invocation's latest model attempt as far as its frames carried it (`lastSeq`: its last frame's seq). */
export const invocationStreamSchema = z.strictObject({
  invocationId: z.string(),
  round: z.number().int().min(0),
  attempt: z.number().int().min(0),
  text: z.string(),
  reasoning: z.string(),
  lastSeq: z.number().int().min(0),
});
export type InvocationStreamView = z.infer<typeof invocationStreamSchema>;

/**
 * `GET /agent/runs/:runId/model-stream`: the text and reasoning of the latest model attempt as far as
 * frames 1..lastSeq carried it (round 0, lastSeq 0 before the first model call), and `streams`: the
 * latest attempt of every invocation that streamed (a parent and its sub-agents stream at the same
 * time; at most MAX_LIVE_STREAMS, most recent last). `lastSeq` is the run's last frame. A device
 * that joins mid-stream reads this, then applies frames with `seq > lastSeq` to their invocation.
 */
export const modelStreamViewSchema = invocationStreamSchema.extend({
  streams: z.array(invocationStreamSchema),
});
export type ModelStreamView = z.infer<typeof modelStreamViewSchema>;

/**
 * `POST /agent/runs/:runId/commits/:commitId/revert` (docs/spec/workspace.md §3 "Reverting a
 * commit"): the message the commit added was removed, or the message was written back as it was.
 */
export const commitRevertResultSchema = z.discriminatedUnion("action", [
  z.strictObject({
    runId: z.string(),
    commitId: z.string(),
    action: z.literal("removed"),
    messageId: z.string(),
    chatRevision: z.number().int(),
  }),
  z.strictObject({
    runId: z.string(),
    commitId: z.string(),
    action: z.literal("restored"),
    message: messageViewSchema,
  }),
]);
export type CommitRevertResult = z.infer<typeof commitRevertResultSchema>;

/**
 * `POST /agent/runs/:runId/checkpoints/:checkpointId/restore-persist` (docs/spec/workspace.md
 * §3.2.1): the new persistent state the chat's next run starts from, and its files.
 */
export const restorePersistResultSchema = z.strictObject({
  runId: z.string(),
  checkpointId: z.string(),
  stateId: z.string(),
  files: z.array(z.strictObject({ path: z.string(), sha256: z.string(), bytes: z.number().int().min(0) })),
});
export type RestorePersistResult = z.infer<typeof restorePersistResultSchema>;
