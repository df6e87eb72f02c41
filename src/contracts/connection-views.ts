/**
 * Response shapes of /api/v1/connections (docs/api.md "Model connections"). The API key is never
 * returned: `apiKeyHint` is its last 4 characters ("" for keys under 8 characters).
 * `ModelConnectionView` is the domain's view (domain/models/connection).
 */
import { z } from "zod";
import { MODEL_PROVIDERS, type ModelConnectionView, type ModelProvider } from "../domain/models/connection";
import { connectionDefaultsSchema } from "./connections";
import { isoTimeSchema } from "./device-views";

export type { ModelConnectionView, ModelProvider };

export const connectionViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  provider: z.enum(MODEL_PROVIDERS),
  baseUrl: z.string().nullable(),
  modelId: z.string(),
  defaults: connectionDefaultsSchema,
  /** Context window in tokens, or null for the default (docs/spec/generation.md §2). */
  contextTokens: z.number().int().nullable(),
  /** Reply reserve and limit in tokens, or null for the default. */
  maxOutputTokens: z.number().int().nullable(),
  isDefault: z.boolean(),
  apiKeyHint: z.string().max(4),
  /** The key was sealed under another DATA_KEY and cannot be used until it is entered again. */
  apiKeyUnavailable: z.boolean().optional(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});

/** `GET /connections`. */
export const connectionListSchema = z.strictObject({ connections: z.array(connectionViewSchema) });
export type ConnectionList = z.infer<typeof connectionListSchema>;

/** `DELETE /connections/:id`. */
export const connectionDeletedSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });
export type ConnectionDeleted = z.infer<typeof connectionDeletedSchema>;

/** `POST /connections/:id/test` success (a failure is an error envelope). */
export const connectionTestResultSchema = z.strictObject({
  ok: z.literal(true),
  latencyMs: z.number().min(0),
  modelId: z.string(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;
