/**
 * HTTP contracts of the agent loop routes (docs/spec/agent-runtime.md §5, §9; docs/api.md "Agent runs"):
 * start a run, cancel, guidance, read a model turn. The chat-completion payload is passed through
 * (its `tools` / `tool_choice` / tool turns / `stream` are refused by the domain with the
 * contract's `agent.*` codes, not by zod).
 */
import { z } from "zod";
import { PRESENTATIONS } from "../domain/agent/run-record";
import { personaSchema } from "./chat-generation";

const worldInfoEntry = z
  .object({
    world: z.string(),
    uid: z.union([z.string(), z.number()]),
    displayName: z.string().optional(),
    constant: z.boolean().optional(),
    content: z.string(),
    position: z.string().optional(),
  })
  .passthrough();

/** Largest accepted start body (a prompt snapshot can be long). */
export const START_RUN_BODY_LIMIT = 8 * 1024 * 1024;

/** POST /agent/runs */
export const startRunBodySchema = z
  .object({
    stableChatId: z.string().max(4096),
    generationType: z.enum(["normal", "regenerate", "swipe", "continue"]).optional(),
    profileId: z.string().min(1).max(128).optional(),
    connectionId: z.string().min(1).max(200).optional(),
    promptSnapshot: z
      .object({
        chatCompletionPayload: z.object({ messages: z.array(z.unknown()) }).passthrough(),
        worldInfoActivation: z
          .object({
            timestampMs: z.number().optional(),
            trigger: z.string().optional(),
            entries: z.array(worldInfoEntry).max(10_000),
          })
          .passthrough()
          .optional(),
        contextPolicy: z.unknown().optional(),
      })
      .strict()
      .optional(),
    /** With no promptSnapshot: who the user plays, for the server-built prompt. */
    persona: personaSchema.optional(),
    presentation: z.enum(PRESENTATIONS).optional(),
    /** Skill scopes of the run (docs/spec/skills.md "Scopes"): a skill set by name, a character id. */
    skillScopeRefs: z
      .object({
        preset: z
          .object({ apiId: z.string().min(1).max(64).default("openai"), name: z.string().min(1).max(128) })
          .strict()
          .optional(),
        characterId: z.string().min(1).max(256).optional(),
      })
      .strict()
      .optional(),
    options: z
      .object({ presentation: z.enum(PRESENTATIONS).optional(), stream: z.boolean().optional() })
      .strict()
      .optional(),
  })
  .strict();
export type StartRunBody = z.output<typeof startRunBodySchema>;
/** `POST /agent/runs` body as a client sends it. */
export type StartRunRequest = z.input<typeof startRunBodySchema>;

/** POST /agent/runs/:runId/guidance */
export const guidanceBodySchema = z
  .object({
    text: z.string().max(200_000),
    clientGuidanceId: z.string().min(1).max(128).optional(),
  })
  .strict();

/** GET /agent/runs/:runId/model-turns/:round?invocationId=&maxChars= */
export const modelTurnQuerySchema = z.object({
  invocationId: z.string().min(1).max(128).optional(),
  maxChars: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export const roundParamSchema = z.coerce.number().int().min(1).max(100_000);

/** GET /agent/runs/:runId/tool-calls/:callId?invocationId=&round= (docs/spec/agent-runtime.md §9) */
export const toolCallQuerySchema = z.object({
  invocationId: z.string().min(1).max(128).optional(),
  round: z.coerce.number().int().min(1).max(100_000).optional(),
});
/** A provider tool call id in a path (percent-decoded by the router). */
export const callIdParamSchema = z.string().min(1).max(512);
