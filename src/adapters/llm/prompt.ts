/**
 * Canonical IR → AI SDK LanguageModelV4 call options (docs/spec/agent-runtime.md §7, §8):
 * messages with per-part providerMetadata replayed as providerOptions (Gemini thought signatures,
 * Anthropic thinking signatures, Responses item ids), sanitized tool schemas, tool choice,
 * settings merged over the connection defaults, and the Responses `previous_response_id`
 * continuation (only messages after `messageCursor`, assistant messages filtered out).
 */
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolChoice,
} from "@ai-sdk/provider";
import type { ConnectionDefaults, ModelProvider } from "../../domain/models/connection";
import { ModelError } from "../../domain/models/errors";
import type {
  ModelMessage,
  ModelPart,
  ModelRequest,
  ModelToolCall,
  ModelToolChoice,
  ModelToolSpec,
  ProviderMetadata,
} from "../../domain/models/ir";
import { sanitizeToolSchema, type SchemaFamily } from "../../domain/models/schema-sanitize";
import { normalizeToolArguments } from "../../domain/tools/tool-arguments";

type ProviderOptions = NonNullable<LanguageModelV4CallOptions["providerOptions"]>;
type AssistantContent = Extract<LanguageModelV4Message, { role: "assistant" }>["content"];
type UserContent = Extract<LanguageModelV4Message, { role: "user" }>["content"];
type ToolContent = Extract<LanguageModelV4Message, { role: "tool" }>["content"];

/** What the adapter needs to know about the target provider. */
export interface PromptTarget {
  provider: ModelProvider;
  metadataKey: string;
  schemaFamily: SchemaFamily;
  defaults: ConnectionDefaults;
}

/** Builds the call options (without abortSignal/includeRawChunks). Raises `model.request_build_failed`. */
export function buildCallOptions(request: ModelRequest, target: PromptTarget): LanguageModelV4CallOptions {
  const { messages, previousResponseId } = continuation(request, target);
  const settings = { ...target.defaults, ...(request.settings ?? {}) };
  const providerOptions = mergeProviderOptions(
    target.defaults.providerOptions,
    request.settings?.providerOptions,
  ) as ProviderOptions;
  if (previousResponseId) providerOptions.openai = { ...(providerOptions.openai ?? {}), previousResponseId };
  const tools = (request.tools ?? []).map((tool) => toTool(tool, target.schemaFamily));
  return {
    prompt: toPrompt(messages, target),
    ...(tools.length > 0 ? { tools, toolChoice: toToolChoice(request.toolChoice ?? "auto", request.tools ?? []) } : {}),
    ...pick(settings),
    ...(Object.keys(providerOptions).length > 0
      ? { providerOptions: providerOptions as NonNullable<LanguageModelV4CallOptions["providerOptions"]> }
      : {}),
  };
}

function continuation(
  request: ModelRequest,
  target: PromptTarget,
): { messages: ModelMessage[]; previousResponseId?: string } {
  const state = request.providerState;
  if (target.provider !== "openai-responses" || !state?.previousResponseId) return { messages: request.messages };
  const cursor = state.messageCursor;
  if (typeof cursor !== "number" || !Number.isInteger(cursor) || cursor < 0 || cursor > request.messages.length) {
    throw new ModelError(
      "model.request_build_failed",
      "The provider state of this run is not valid: its message cursor does not fit the conversation.",
    );
  }
  return {
    messages: request.messages.slice(cursor).filter((message) => message.role !== "assistant"),
    previousResponseId: state.previousResponseId,
  };
}

function pick(settings: ConnectionDefaults): Partial<LanguageModelV4CallOptions> {
  const out: Partial<LanguageModelV4CallOptions> = {};
  if (settings.temperature !== undefined) out.temperature = settings.temperature;
  if (settings.maxOutputTokens !== undefined) out.maxOutputTokens = settings.maxOutputTokens;
  if (settings.topP !== undefined) out.topP = settings.topP;
  if (settings.topK !== undefined) out.topK = settings.topK;
  if (settings.stopSequences !== undefined) out.stopSequences = settings.stopSequences;
  if (settings.seed !== undefined) out.seed = settings.seed;
  if (settings.presencePenalty !== undefined) out.presencePenalty = settings.presencePenalty;
  if (settings.frequencyPenalty !== undefined) out.frequencyPenalty = settings.frequencyPenalty;
  return out;
}

function mergeProviderOptions(a?: ProviderMetadata, b?: ProviderMetadata): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const source of [a, b]) {
    for (const [key, value] of Object.entries(source ?? {})) out[key] = { ...(out[key] ?? {}), ...value };
  }
  return out;
}

/**
 * Sanitized input schemas by the schema object they came from (then family and alias). A run's tool
 * snapshot is parsed once and its schema objects are reused every round (docs/decisions/3101), so
 * each is sanitized once per run instead of once per model call (issue 31). A changed snapshot is a
 * new object, sanitized again. Callers never mutate either side.
 */
const sanitizedSchemas = new WeakMap<object, Map<string, unknown>>();

/** `compute()` once per (`owner` object, `key`), kept in `cache` for as long as `owner` lives. */
function onceFor<O extends object, K, V>(cache: WeakMap<O, Map<K, V>>, owner: O, key: K, compute: () => V): V {
  let byKey = cache.get(owner);
  if (!byKey) {
    byKey = new Map();
    cache.set(owner, byKey);
  }
  if (!byKey.has(key)) byKey.set(key, compute());
  return byKey.get(key) as V;
}

function sanitizedSchema(family: SchemaFamily, schema: unknown, alias: string): unknown {
  if (typeof schema !== "object" || schema === null) return sanitizeToolSchema(family, schema, alias);
  return onceFor(sanitizedSchemas, schema, `${family}\u0000${alias}`, () => sanitizeToolSchema(family, schema, alias));
}

function toTool(tool: ModelToolSpec, family: SchemaFamily): LanguageModelV4FunctionTool {
  return {
    type: "function",
    name: tool.alias,
    description: tool.description,
    inputSchema: sanitizedSchema(family, tool.inputSchema, tool.alias) as LanguageModelV4FunctionTool["inputSchema"],
  };
}

function toToolChoice(choice: ModelToolChoice, tools: ModelToolSpec[]): LanguageModelV4ToolChoice {
  if (typeof choice === "string") return { type: choice };
  if (!tools.some((tool) => tool.alias === choice.alias)) {
    throw new ModelError(
      "model.request_build_failed",
      `The tool choice names "${choice.alias}", which is not among the tools of this request.`,
    );
  }
  return { type: "tool", toolName: choice.alias };
}

function toPrompt(messages: ModelMessage[], target: PromptTarget): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [];
  for (const [index, message] of messages.entries()) {
    for (const part of message.parts) {
      if (part.type === "native")
        throw buildFailed(index, `a native ${part.provider} block, which this gateway cannot send`);
    }
    switch (message.role) {
      case "system":
      case "developer":
        prompt.push({
          role: "system",
          content: message.parts.map((part) => (part.type === "text" ? part.text : "")).join(""),
        });
        break;
      case "user":
        prompt.push({ role: "user", content: message.parts.map((part) => userPart(part, index)) as UserContent });
        break;
      case "assistant":
        prompt.push({
          role: "assistant",
          content: message.parts.map((part) => assistantPart(part, index, target)) as AssistantContent,
        });
        break;
      case "tool":
        prompt.push({ role: "tool", content: message.parts.map((part) => toolPart(part, index)) as ToolContent });
        break;
    }
  }
  return prompt;
}

function userPart(part: ModelPart, index: number): UserContent[number] {
  if (part.type === "text") return { type: "text", text: part.text, ...options(part.providerMetadata) };
  if (part.type === "media") return media(part);
  throw buildFailed(index, `a ${part.type} part in a user message`);
}

function assistantPart(part: ModelPart, index: number, target: PromptTarget): AssistantContent[number] {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text, ...options(part.providerMetadata) };
    case "reasoning":
      return { type: "reasoning", text: part.text, ...options(part.providerMetadata) };
    case "media":
      return media(part);
    case "toolCall":
      return {
        type: "tool-call",
        toolCallId: part.call.id,
        toolName: part.call.alias,
        input: replayInput(part.call, target),
        ...options(compatibleSignature(part.call.providerMetadata, target)),
      };
    default:
      throw buildFailed(index, `a ${part.type} part in an assistant message`);
  }
}

function toolPart(part: ModelPart, index: number): ToolContent[number] {
  if (part.type !== "toolResult") throw buildFailed(index, `a ${part.type} part in a tool message`);
  const { result } = part;
  return {
    type: "tool-result",
    toolCallId: result.callId,
    toolName: result.alias,
    output: result.isError ? { type: "error-text", value: result.content } : { type: "text", value: result.content },
    ...options(result.providerMetadata),
  };
}

/**
 * Replayed arguments: the OpenAI family gets the exact JSON text (digits kept); Anthropic and
 * Gemini get the object (parsed digit-exact where the runtime allows). Invalid arguments → `{}`.
 */
function replayInput(call: ModelToolCall, target: PromptTarget): unknown {
  // The history's calls are the same objects every round (docs/decisions/3101): parse each once.
  return onceFor(replayedInputs, call, target.schemaFamily, () => freshReplayInput(call, target));
}

/** Replayed arguments by call object and schema family (see replayInput). */
const replayedInputs = new WeakMap<ModelToolCall, Map<SchemaFamily, unknown>>();

function freshReplayInput(call: ModelToolCall, target: PromptTarget): unknown {
  const normalized = normalizeToolArguments(call.argumentsText);
  if (normalized.kind === "invalid") return target.schemaFamily === "openai" ? "{}" : {};
  if (target.schemaFamily === "openai")
    return call.argumentsText.trim() === "" ? "{}" : JSON.stringify(normalized.value);
  return normalized.value;
}

/**
 * Gemini's OpenAI-compatible endpoint returns thought signatures, which the SDK reports under the
 * connection's key but reads back only from `providerOptions.google`; copy it there on replay.
 */
function compatibleSignature(
  metadata: ProviderMetadata | undefined,
  target: PromptTarget,
): ProviderMetadata | undefined {
  const signature = metadata?.[target.metadataKey]?.thoughtSignature;
  if (
    target.provider !== "openai-compatible" ||
    signature === undefined ||
    metadata?.google?.thoughtSignature !== undefined
  )
    return metadata;
  return { ...metadata, google: { ...(metadata?.google ?? {}), thoughtSignature: signature } };
}

function media(part: Extract<ModelPart, { type: "media" }>): UserContent[number] {
  const isUrl = /^https?:\/\//i.test(part.value);
  return {
    type: "file",
    mediaType: part.mimeType,
    // Spec v4 file data is tagged: a URL part or base64 data (docs/decisions/2900).
    data: isUrl ? { type: "url", url: new URL(part.value) } : { type: "data", data: part.value },
    ...options(part.providerMetadata),
  };
}

function options(metadata: ProviderMetadata | undefined): { providerOptions?: ProviderOptions } {
  return metadata && Object.keys(metadata).length > 0 ? { providerOptions: metadata as ProviderOptions } : {};
}

function buildFailed(index: number, what: string): ModelError {
  return new ModelError("model.request_build_failed", `Message ${index + 1} of the request has ${what}.`);
}
