/**
 * Builds the AI SDK LanguageModelV4 of a connection. Every provider gets the no-redirect fetch;
 * the SDK's retries do not apply (we call `doStream`/`doGenerate` directly, which never retry).
 * `metadataKey` is the key under which the provider reads/writes providerOptions/providerMetadata.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { ResolvedConnection } from "../../domain/models/connection";
import type { SchemaFamily } from "../../domain/models/schema-sanitize";
import type { FetchFn } from "./fetch";

/** providerOptions key of openai-compatible connections (deliberately not "openaiCompatible",
 * whose options the SDK spreads into wire messages). */
export const COMPATIBLE_PROVIDER_NAME = "compatible";

export interface BuiltModel {
  model: LanguageModelV4;
  metadataKey: string;
  schemaFamily: SchemaFamily;
  /** How tool-call ids are checked against the raw response (see raw-ids.ts). */
  idCheck: "chat" | "gemini" | "trusted";
}

/** The SDK model for `connection`, using `fetch` for every request. */
export function buildLanguageModel(connection: ResolvedConnection, fetch: FetchFn): BuiltModel {
  const baseURL = connection.baseUrl ?? undefined;
  const apiKey = connection.apiKey;
  switch (connection.provider) {
    case "openai":
      return {
        model: createOpenAI({ apiKey, baseURL, fetch }).chat(connection.modelId),
        metadataKey: "openai",
        schemaFamily: "openai",
        idCheck: "chat",
      };
    case "openai-responses":
      return {
        model: createOpenAI({ apiKey, baseURL, fetch }).responses(connection.modelId),
        metadataKey: "openai",
        schemaFamily: "openai",
        idCheck: "trusted",
      };
    case "anthropic":
      return {
        model: createAnthropic({ apiKey, baseURL, fetch })(connection.modelId),
        metadataKey: "anthropic",
        schemaFamily: "anthropic",
        idCheck: "trusted",
      };
    case "google":
      return {
        model: createGoogleGenerativeAI({ apiKey, baseURL, fetch })(connection.modelId),
        metadataKey: "google",
        schemaFamily: "gemini",
        idCheck: "gemini",
      };
    case "openai-compatible":
      return {
        model: createOpenAICompatible({
          name: COMPATIBLE_PROVIDER_NAME,
          baseURL: baseURL ?? "",
          apiKey: apiKey || undefined,
          includeUsage: true,
          fetch,
        }).chatModel(connection.modelId),
        metadataKey: COMPATIBLE_PROVIDER_NAME,
        schemaFamily: "openai",
        idCheck: "chat",
      };
  }
}
