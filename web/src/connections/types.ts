/**
 * Model connection shapes of /api/v1/connections (docs/api.md "Model connections"), from
 * src/contracts (type-only). The API key is never returned: `apiKeyHint` is its last 4 characters
 * ("" for keys under 8 characters).
 */
import type { ModelProvider } from "../../../src/contracts/connection-views";

export type { ConnectionTestResult, ModelConnectionView as Connection } from "../../../src/contracts/connection-views";
/** POST body; PATCH takes any subset (an absent `apiKey` keeps the stored key). */
export type { CreateConnectionBody as ConnectionInput } from "../../../src/contracts/connections";
export type Provider = ModelProvider;

/** Labels of every provider the server accepts (a provider added there fails this type until labelled). */
const PROVIDER_LABELS: Record<ModelProvider, { label: string; short: string }> = {
  openai: { label: "OpenAI (Chat Completions)", short: "OpenAI" },
  "openai-responses": { label: "OpenAI Responses", short: "OpenAI Responses" },
  anthropic: { label: "Anthropic", short: "Anthropic" },
  google: { label: "Google Gemini", short: "Google Gemini" },
  "openai-compatible": {
    label: "OpenAI-compatible (OpenRouter, Ollama, LM Studio, vLLM…)",
    short: "OpenAI-compatible",
  },
};

/** The providers in display order, with their labels. */
export const PROVIDERS = (Object.keys(PROVIDER_LABELS) as ModelProvider[]).map((id) => ({
  id,
  ...PROVIDER_LABELS[id],
}));

/** The short name of a provider for lists ("OpenAI-compatible"). */
export function providerLabel(provider: string): string {
  return PROVIDERS.find((p) => p.id === provider)?.short ?? provider;
}
