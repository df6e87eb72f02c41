/**
 * Model connections (docs/spec/hosted.md §9, issue [model-gateway]): one per configured
 * provider endpoint + model. The API key is a secret: stored sealed (docs/spec/hosted.md §4), shown
 * only as `apiKeyHint` (its last 4 characters), never logged.
 */
import { AppError } from "../errors";
import { hasRawAuthorityHost } from "../url-authority";
import type { ModelSettings, ProviderFormat } from "./ir";

/** Supported providers. `openai-compatible` takes any base URL (OpenRouter, Ollama, LM Studio, llama.cpp, vLLM). */
export const MODEL_PROVIDERS = ["openai", "openai-responses", "anthropic", "google", "openai-compatible"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** Limits on connection fields. */
export const CONNECTION_LIMITS = {
  nameChars: 80,
  modelIdChars: 200,
  baseUrlChars: 2000,
  apiKeyChars: 4000,
  perUser: 50,
} as const;

/** Connection defaults: sampling settings applied to every step unless the request overrides them. */
export type ConnectionDefaults = Omit<ModelSettings, "providerOptions"> & {
  providerOptions?: Record<string, Record<string, unknown>>;
};

/** A connection as stored (the key sealed elsewhere). Times are ms epoch. */
export interface ModelConnectionRecord {
  id: string;
  name: string;
  provider: ModelProvider;
  /** Normalized base URL (no trailing slash), or null for the provider's default endpoint. */
  baseUrl: string | null;
  modelId: string;
  defaults: ConnectionDefaults;
  /** The model's context window in tokens, or null for DEFAULT_CONTEXT_TOKENS (context-budget.ts). */
  contextTokens: number | null;
  /** Tokens kept for (and sent as the limit of) a chat reply, or null (context-budget.ts). */
  maxOutputTokens: number | null;
  isDefault: boolean;
  /** Last 4 characters of the API key ("" when the key is empty, e.g. a local Ollama). */
  apiKeyHint: string;
  createdAt: number;
  updatedAt: number;
}

/** The connection view every API answer uses (never the key). */
export interface ModelConnectionView {
  id: string;
  name: string;
  provider: ModelProvider;
  baseUrl: string | null;
  modelId: string;
  defaults: ConnectionDefaults;
  contextTokens: number | null;
  maxOutputTokens: number | null;
  isDefault: boolean;
  apiKeyHint: string;
  /** True when the sealed key cannot be opened with the current DATA_KEY (`secrets.key_mismatch`). */
  apiKeyUnavailable?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Everything an adapter needs to talk to the provider (key in plaintext, in memory only). */
export interface ResolvedConnection {
  id: string;
  provider: ModelProvider;
  baseUrl: string | null;
  modelId: string;
  apiKey: string;
  defaults: ConnectionDefaults;
}

/** Wire format family per provider (docs/spec/agent-runtime.md §8). */
export function providerFormatOf(provider: ModelProvider): ProviderFormat {
  switch (provider) {
    case "openai-responses":
      return "openai_responses";
    case "anthropic":
      return "claude_messages";
    case "google":
      return "gemini";
    default:
      return "openai_compatible";
  }
}

/** Providers whose API needs a key (openai-compatible endpoints such as Ollama may have none). */
export function providerNeedsKey(provider: ModelProvider): boolean {
  return provider !== "openai-compatible";
}

/**
 * Checks an API key: required (non-blank) except for openai-compatible; ≤ 4000 chars; printable
 * ASCII only (see checkApiKeyChars). Returns it trimmed. Raises `input.invalid` (field `apiKey`)
 * or `model.api_key_invalid`.
 */
export function checkApiKey(provider: ModelProvider, apiKey: string): string {
  if (apiKey.length > CONNECTION_LIMITS.apiKeyChars) throw invalid("apiKey", "The API key is too long.");
  if (providerNeedsKey(provider) && apiKey.trim() === "") throw invalid("apiKey", "This provider needs an API key.");
  return checkApiKeyChars(apiKey.trim());
}

/**
 * The key travels in an HTTP header (Authorization / x-api-key / x-goog-api-key), which carries
 * bytes, not text: a non-ASCII character (e.g. `sk-測試金鑰`, full-width punctuation) or a line
 * break would be sent garbled or rejected, so it is refused at save and before any request
 * (docs/spec/hosted.md §9; same rule as MCP header values, src/domain/mcp/headers.ts).
 * Returns `apiKey` unchanged. Raises `model.api_key_invalid` (details `{field: "apiKey"}`); the
 * message never contains the key.
 */
export function checkApiKeyChars(apiKey: string): string {
  for (let i = 0; i < apiKey.length; i += 1) {
    const code = apiKey.charCodeAt(i);
    if (code < 0x20 || code > 0x7e)
      throw new AppError(
        "model.api_key_invalid",
        "The API key contains non-ASCII characters (such as Chinese or full-width characters) or line breaks, which cannot be sent in an HTTP header. Paste the key exactly as the provider shows it.",
        { field: "apiKey" },
      );
  }
  return apiKey;
}

/** Last 4 characters of a key; "" for keys shorter than 8 (a short key is never half shown). */
/**
 * The label a restore seals an empty key under when the archive carried no API key
 * (docs/spec/data-portability.md §2): it never opens as the key, and opening it under this label
 * tells "no key was restored" apart from "sealed under another DATA_KEY".
 */
export function missingApiKeyLabel(connectionId: string): string {
  return `model-connection:${connectionId}:unavailable`;
}

export function apiKeyHint(apiKey: string): string {
  return apiKey.length >= 8 ? apiKey.slice(-4) : "";
}

/**
 * Normalizes a base URL: http(s) only, a host written after `//` (`http:///v1` is refused, not
 * read as host `v1`; ADR 0390), no userinfo, no query/fragment, trailing slashes removed.
 * Required for `openai-compatible`. Raises `input.invalid` (field `baseUrl`).
 */
export function normalizeBaseUrl(provider: ModelProvider, value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (text === "") {
    if (provider === "openai-compatible")
      throw invalid("baseUrl", "An OpenAI-compatible connection needs a base URL, e.g. http://127.0.0.1:11434/v1.");
    return null;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid("baseUrl", "The base URL is not a valid URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw invalid("baseUrl", "The base URL must start with http:// or https://.");
  if (!hasRawAuthorityHost(text))
    throw invalid(
      "baseUrl",
      "The base URL needs a host right after http:// or https://, e.g. http://127.0.0.1:11434/v1.",
    );
  if (url.username || url.password) throw invalid("baseUrl", "Put the API key in the key field, not in the base URL.");
  if (url.search || url.hash) throw invalid("baseUrl", "The base URL must not have a query string or fragment.");
  if (text.length > CONNECTION_LIMITS.baseUrlChars) throw invalid("baseUrl", "The base URL is too long.");
  return url.toString().replace(/\/+$/, "");
}

/** Trims and checks a connection name (1..80 chars). */
export function normalizeConnectionName(name: string): string {
  const text = name.trim();
  if (text.length === 0 || text.length > CONNECTION_LIMITS.nameChars)
    throw invalid("name", "A connection name must be 1 to 80 characters.");
  return text;
}

/** Trims and checks a model id (1..200 chars). */
export function normalizeModelId(modelId: string): string {
  const text = modelId.trim();
  if (text.length === 0 || text.length > CONNECTION_LIMITS.modelIdChars)
    throw invalid("modelId", "A model id must be 1 to 200 characters.");
  return text;
}

/** Formats a record for the API. */
export function toConnectionView(record: ModelConnectionRecord, apiKeyUnavailable = false): ModelConnectionView {
  return {
    id: record.id,
    name: record.name,
    provider: record.provider,
    baseUrl: record.baseUrl,
    modelId: record.modelId,
    defaults: record.defaults,
    contextTokens: record.contextTokens,
    maxOutputTokens: record.maxOutputTokens,
    isDefault: record.isDefault,
    apiKeyHint: record.apiKeyHint,
    ...(apiKeyUnavailable ? { apiKeyUnavailable: true } : {}),
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  };
}

function invalid(field: string, message: string): AppError {
  return new AppError("input.invalid", message, { field });
}
