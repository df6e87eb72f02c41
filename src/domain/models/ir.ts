/**
 * The canonical model IR (docs/spec/agent-runtime.md §7): what the agent runtime sends to and receives from a
 * model through the ModelGateway port. Provider-neutral; provider-private data rides opaque in
 * `providerMetadata` (keyed by provider name, e.g. `{google: {thoughtSignature}}`,
 * `{anthropic: {signature}}`, `{openai: {itemId}}`) and is replayed verbatim (docs/spec/agent-runtime.md §8).
 */

/** Opaque provider-private data, keyed by provider name. JSON only. Never parsed by the runtime. */
export type ProviderMetadata = Record<string, Record<string, unknown>>;

/** Message roles. `developer` is sent as a system message to providers that have no developer role. */
export type ModelRole = "system" | "developer" | "user" | "assistant" | "tool";

/**
 * A tool call the model asked for. `id` is the provider's id, never synthesized (a provider that
 * sends none fails with `model.invalid_tool_call`; Gemini is the one documented exception:
 * `gemini_<responseId>_<index>`, docs/decisions/1001). `alias` is the model-facing tool name.
 * `argumentsText` is the JSON text of the arguments: an empty string from the provider becomes
 * `"{}"`; text that is not a JSON object is kept raw and `argumentsError` says why.
 */
export interface ModelToolCall {
  id: string;
  alias: string;
  argumentsText: string;
  argumentsError?: string;
  providerMetadata?: ProviderMetadata;
}

/** The result of one tool call, sent back to the model. `content` is the model-facing text. */
export interface ModelToolResult {
  callId: string;
  alias: string;
  content: string;
  isError?: boolean;
  providerMetadata?: ProviderMetadata;
}

/**
 * One content part, tagged by `type` (docs/spec/agent-runtime.md §7 `AgentModelContentPart`).
 * `media.value` is base64 data or an https URL. `native` blocks are accepted by the type for
 * contract parity but this gateway never produces them (the SDK carries provider-private blocks in
 * per-part `providerMetadata`) and refuses to send them (`model.request_build_failed`).
 */
export type ModelPart =
  | { type: "text"; text: string; providerMetadata?: ProviderMetadata }
  | { type: "reasoning"; text: string; providerMetadata?: ProviderMetadata }
  | { type: "toolCall"; call: ModelToolCall }
  | { type: "toolResult"; result: ModelToolResult }
  | { type: "media"; mimeType: string; value: string; providerMetadata?: ProviderMetadata }
  | { type: "native"; provider: string; value: unknown };

/** One message of the conversation. */
export interface ModelMessage {
  role: ModelRole;
  parts: ModelPart[];
  providerMetadata?: ProviderMetadata;
}

/** A tool offered to the model: `alias` is the model-facing name, `inputSchema` a JSON Schema object. */
export interface ModelToolSpec {
  alias: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** Tool choice: let the model decide, forbid tools, require some tool, or require one alias. */
export type ModelToolChoice = "auto" | "none" | "required" | { alias: string };

/**
 * Sampling settings of one step; merged over the connection's `defaults` (request wins).
 * `providerOptions` passes provider-specific options through untouched (keyed by provider name).
 */
export interface ModelSettings {
  temperature?: number;
  maxOutputTokens?: number;
  topP?: number;
  topK?: number;
  stopSequences?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  providerOptions?: Record<string, Record<string, unknown>>;
}

/** Wire format family of a provider (docs/spec/agent-runtime.md §8 `providerFormat`). */
export type ProviderFormat = "openai_compatible" | "openai_responses" | "claude_messages" | "gemini";

/**
 * Run-owned continuation state (docs/spec/agent-runtime.md §8). The gateway returns it after every step; the
 * runtime stores it and passes it back on the next step of the same invocation.
 * `messageCursor` = number of canonical messages at send time. For OpenAI Responses,
 * `previousResponseId` makes the next step send `previous_response_id` and only the messages after
 * `messageCursor` (assistant messages filtered out).
 */
export interface ModelProviderState {
  sessionId?: string;
  providerFormat?: ProviderFormat;
  messageCursor?: number;
  lastResponseId?: string | null;
  previousResponseId?: string | null;
}

/** One model step's input. */
export interface ModelRequest {
  messages: ModelMessage[];
  tools?: ModelToolSpec[];
  toolChoice?: ModelToolChoice;
  settings?: ModelSettings;
  providerState?: ModelProviderState;
}

/** Why the model stopped. Refusal and truncation never reach a response (they are errors). */
export type ModelFinishReason = "stop" | "tool-calls" | "other";

/** Token usage as reported by the provider (undefined when not reported). */
export interface ModelUsage {
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
}

/** One model step's output (docs/spec/agent-runtime.md §7 `AgentModelResponse`). */
export interface ModelResponse {
  /** The assistant message to append to the conversation (parts in stream order, metadata kept). */
  message: ModelMessage;
  toolCalls: ModelToolCall[];
  /** All text parts joined. */
  text: string;
  /** All reasoning parts joined. */
  reasoning: string;
  finishReason: ModelFinishReason;
  /** The provider's raw finish reason (e.g. `tool_calls`, `end_turn`, `STOP`). */
  rawFinishReason?: string;
  usage: ModelUsage;
  /** Response-level provider metadata (opaque). */
  providerMetadata: ProviderMetadata;
  responseId?: string;
  modelId?: string;
  providerState: ModelProviderState;
  /** Non-fatal notes from the provider adapter (unsupported settings and the like). */
  warnings: string[];
}

/** A live-display delta while a step streams (text and reasoning only). */
export type ModelDelta = { type: "text"; text: string } | { type: "reasoning"; text: string };
