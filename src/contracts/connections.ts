/** HTTP body contracts of /api/v1/connections (issue [model-gateway]; docs/spec/hosted.md §9). */
import { z } from "zod";
import { MODEL_PROVIDERS } from "../domain/models/connection";

const providerOptionsSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

/** Connection defaults: sampling settings applied to every step unless the request overrides them. */
export const connectionDefaultsSchema = z
  .object({
    temperature: z.number().min(0).max(2).optional(),
    maxOutputTokens: z.number().int().positive().max(1_000_000).optional(),
    topP: z.number().min(0).max(1).optional(),
    topK: z.number().int().positive().optional(),
    stopSequences: z.array(z.string().max(200)).max(16).optional(),
    seed: z.number().int().optional(),
    presencePenalty: z.number().min(-2).max(2).optional(),
    frequencyPenalty: z.number().min(-2).max(2).optional(),
    providerOptions: providerOptionsSchema.optional(),
  })
  .strict();

export const createConnectionBodySchema = z
  .object({
    name: z.string().max(200),
    provider: z.enum(MODEL_PROVIDERS),
    baseUrl: z.string().max(2000).nullable().optional(),
    apiKey: z.string().max(4000),
    modelId: z.string().max(400),
    defaults: connectionDefaultsSchema.optional(),
    /** Context window in tokens (null = default); checked by src/domain/models/context-budget.ts. */
    contextTokens: z.number().int().nullable().optional(),
    /** Reply reserve / limit in tokens (null = default). */
    maxOutputTokens: z.number().int().nullable().optional(),
    isDefault: z.boolean().optional(),
  })
  .strict();

export const updateConnectionBodySchema = createConnectionBodySchema.partial().strict();

/** `POST /connections` body as a client sends it. */
export type CreateConnectionBody = z.input<typeof createConnectionBodySchema>;
/** `PATCH /connections/:id` body: any subset (an absent `apiKey` keeps the stored key). */
export type UpdateConnectionBody = z.input<typeof updateConnectionBodySchema>;

/**
 * Development-only body of POST /connections/:id/dev-step: one gateway step in the canonical IR
 * (docs/spec/agent-runtime.md §7). Loose on purpose: the gateway validates what it sends.
 */
export const devStepBodySchema = z
  .object({
    request: z.object({
      messages: z
        .array(
          z
            .object({
              role: z.enum(["system", "developer", "user", "assistant", "tool"]),
              parts: z.array(z.record(z.string(), z.unknown())),
            })
            .passthrough(),
        )
        .min(1),
      tools: z
        .array(
          z.object({
            alias: z.string().min(1).max(128),
            description: z.string().max(10_000),
            inputSchema: z.record(z.string(), z.unknown()),
          }),
        )
        .optional(),
      toolChoice: z.union([z.enum(["auto", "none", "required"]), z.object({ alias: z.string() })]).optional(),
      settings: connectionDefaultsSchema.optional(),
      providerState: z.record(z.string(), z.unknown()).optional(),
    }),
    stream: z.boolean().optional(),
  })
  .strict();
