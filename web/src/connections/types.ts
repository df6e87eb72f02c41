/**
 * Model connection shapes of /api/v1/connections (docs/api.md "Model connections"). The API key is
 * never returned: `apiKeyHint` is its last 4 characters ("" for keys under 8 characters).
 */

export const PROVIDERS = [
  { id: "openai", label: "OpenAI (Chat Completions)", short: "OpenAI" },
  { id: "openai-responses", label: "OpenAI Responses", short: "OpenAI Responses" },
  { id: "anthropic", label: "Anthropic", short: "Anthropic" },
  { id: "google", label: "Google Gemini", short: "Google Gemini" },
  {
    id: "openai-compatible",
    label: "OpenAI-compatible (OpenRouter, Ollama, LM Studio, vLLM…)",
    short: "OpenAI-compatible",
  },
] as const;

export type Provider = (typeof PROVIDERS)[number]["id"];

/** The short name of a provider for lists ("OpenAI-compatible"). */
export function providerLabel(provider: string): string {
  return PROVIDERS.find((p) => p.id === provider)?.short ?? provider;
}

export interface Connection {
  id: string;
  name: string;
  provider: Provider;
  baseUrl: string | null;
  modelId: string;
  defaults?: Record<string, unknown>;
  isDefault: boolean;
  apiKeyHint: string;
  /** The key was sealed under another DATA_KEY and cannot be used until it is entered again. */
  apiKeyUnavailable?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST body; PATCH takes any subset (an absent `apiKey` keeps the stored key). */
export interface ConnectionInput {
  name: string;
  provider: Provider;
  baseUrl?: string | null;
  apiKey?: string;
  modelId: string;
  isDefault?: boolean;
}

/** POST /connections/:id/test success. */
export interface ConnectionTestResult {
  ok: true;
  latencyMs: number;
  modelId: string;
}
