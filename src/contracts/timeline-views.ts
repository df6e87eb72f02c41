/**
 * Wire shapes of the run timeline (issue [web-timeline]; docs/spec/agent-runtime.md §9 "Reading one
 * tool call", "Live model text"): one tool call of a run and the live model text of a run.
 * The web client imports the types (type-only, ADR 1700).
 */
import { z } from "zod";
import { errorCodeSchema } from "./error-code";
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
