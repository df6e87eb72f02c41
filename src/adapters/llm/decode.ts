/**
 * AI SDK output (stream parts or generate content) → canonical ModelResponse (docs/spec/agent-runtime.md §7).
 * Order of checks: stream errors, then terminal reasons (refusal → `model.provider_refusal`;
 * length / max_tokens / context window → `model.output_truncated`; partial output discarded), then
 * tool-call ids (missing, or two calls sharing one id → `model.invalid_tool_call`, ADR 1471; Gemini → `gemini_<responseId>_<index>`,
 * docs/decisions/1001), then native metadata (Responses tool calls without item ids →
 * `model.native_metadata_lost`). Arguments: empty → `"{}"`; not a JSON object → kept raw with
 * `argumentsError`.
 */
import type {
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
  SharedV4Warning,
} from "@ai-sdk/provider";
import { providerFormatOf, type ModelProvider } from "../../domain/models/connection";
import { ModelError } from "../../domain/models/errors";
import type {
  ModelDelta,
  ModelFinishReason,
  ModelPart,
  ModelRequest,
  ModelResponse,
  ModelToolCall,
  ModelUsage,
  ProviderMetadata,
} from "../../domain/models/ir";
import { duplicateIdError, duplicateToolCallError } from "../../domain/models/tool-call-ids";
import { invalidArgumentsMessage, normalizeToolArguments } from "../../domain/tools/tool-arguments";
import type { RawIdCollector } from "./raw-ids";

const TRUNCATION_REASONS = new Set([
  "length",
  "max_tokens",
  "max_output_tokens",
  "model_context_window_exceeded",
  "MAX_TOKENS",
]);
const REFUSAL_REASONS = new Set([
  "refusal",
  "content_filter",
  "SAFETY",
  "RECITATION",
  "PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
]);

interface PendingCall {
  sdkId: string;
  alias: string;
  input: string;
  providerMetadata?: ProviderMetadata;
}

/** Collects one step's output, in order, from stream parts or generate content. */
export class StepAccumulator {
  readonly parts: Array<ModelPart | { type: "pendingCall"; call: PendingCall }> = [];
  readonly errors: unknown[] = [];
  readonly warnings: string[] = [];
  finishReason: LanguageModelV4FinishReason | undefined;
  usage: LanguageModelV4Usage | undefined;
  providerMetadata: ProviderMetadata = {};
  responseId: string | undefined;
  modelId: string | undefined;
  private readonly open = new Map<string, number>();

  constructor(
    private readonly raw: RawIdCollector,
    private readonly onDelta?: (delta: ModelDelta) => void,
  ) {}

  /** Feeds one stream part. */
  push(part: LanguageModelV4StreamPart): void {
    switch (part.type) {
      case "raw":
        this.raw.add(part.rawValue);
        break;
      case "stream-start":
        this.addWarnings(part.warnings);
        break;
      case "response-metadata":
        this.responseId ??= part.id;
        this.modelId ??= part.modelId;
        break;
      case "text-start":
      case "reasoning-start":
        this.textual(part.type === "text-start" ? "text" : "reasoning", part.id, "", part.providerMetadata);
        break;
      case "text-end":
      case "reasoning-end":
        this.textual(part.type === "text-end" ? "text" : "reasoning", part.id, "", part.providerMetadata);
        break;
      case "text-delta":
      case "reasoning-delta": {
        const kind = part.type === "text-delta" ? "text" : "reasoning";
        this.textual(kind, part.id, part.delta, part.providerMetadata);
        if (part.delta !== "" && this.onDelta) {
          try {
            this.onDelta({ type: kind, text: part.delta });
          } catch {
            /* display callbacks never break a step */
          }
        }
        break;
      }
      case "tool-call":
        this.addCall(part.toolCallId, part.toolName, part.input, part.providerMetadata);
        break;
      case "finish":
        this.finishReason = part.finishReason;
        this.usage = part.usage;
        this.providerMetadata = (part.providerMetadata ?? {}) as ProviderMetadata;
        break;
      case "error":
        this.errors.push(part.error);
        break;
      default:
        break;
    }
  }

  /** Feeds a non-streamed result. */
  addContent(
    content: LanguageModelV4Content[],
    finishReason: LanguageModelV4FinishReason,
    usage: LanguageModelV4Usage,
    providerMetadata: unknown,
    warnings: SharedV4Warning[],
  ): void {
    this.addWarnings(warnings);
    for (const [index, part] of content.entries()) {
      if (part.type === "text" || part.type === "reasoning")
        this.textual(part.type, `g${index}`, part.text, part.providerMetadata);
      else if (part.type === "tool-call")
        this.addCall(part.toolCallId, part.toolName, part.input, part.providerMetadata);
    }
    this.finishReason = finishReason;
    this.usage = usage;
    this.providerMetadata = (providerMetadata ?? {}) as ProviderMetadata;
  }

  private textual(kind: "text" | "reasoning", id: string, delta: string, metadata: unknown): void {
    const key = `${kind}:${id}`;
    let index = this.open.get(key);
    if (index === undefined) {
      index = this.parts.push({ type: kind, text: "" }) - 1;
      this.open.set(key, index);
    }
    const part = this.parts[index] as Extract<ModelPart, { type: "text" | "reasoning" }>;
    part.text += delta;
    if (isMetadata(metadata)) part.providerMetadata = mergeMetadata(part.providerMetadata, metadata);
  }

  private addCall(sdkId: string, alias: string, input: string, metadata: unknown): void {
    this.parts.push({
      type: "pendingCall",
      call: { sdkId, alias, input, ...(isMetadata(metadata) ? { providerMetadata: metadata } : {}) },
    });
  }

  private addWarnings(warnings: SharedV4Warning[] | undefined): void {
    for (const warning of warnings ?? []) this.warnings.push(JSON.stringify(warning).slice(0, 300));
  }
}

/** What finalize needs to know. */
export interface DecodeContext {
  provider: ModelProvider;
  metadataKey: string;
  providerLabel: string;
  request: ModelRequest;
  raw: RawIdCollector;
}

/** Checks and converts the accumulated step. Throws ModelError per the order in the file header. */
export function finalizeStep(
  acc: StepAccumulator,
  ctx: DecodeContext,
  mapError: (error: unknown) => ModelError,
): ModelResponse {
  if (acc.errors.length > 0) throw mapError(acc.errors[0]);
  const finish = acc.finishReason;
  if (!finish)
    throw new ModelError(
      "model.stream_failed",
      `${ctx.providerLabel} ended the response without saying why it stopped.`,
    );
  if (finish.unified === "content-filter" || REFUSAL_REASONS.has(finish.raw ?? "")) {
    throw new ModelError(
      "model.provider_refusal",
      `${ctx.providerLabel} refused to answer (${finish.raw ?? finish.unified}).`,
    );
  }
  if (finish.unified === "length" || TRUNCATION_REASONS.has(finish.raw ?? "")) {
    throw new ModelError(
      "model.output_truncated",
      `${ctx.providerLabel} stopped at the output token limit (${finish.raw ?? finish.unified}) before the answer was finished.`,
    );
  }
  if (finish.unified === "error")
    throw new ModelError("model.stream_failed", `${ctx.providerLabel} ended the response with an error.`);
  // Spec v4 (AI SDK 7): the stream closed before the provider said it was done, so the answer may
  // be cut short; never keep it as a finished answer (docs/decisions/2900).
  if (finish.unified === "interrupted")
    throw new ModelError(
      "model.stream_failed",
      `${ctx.providerLabel} closed the response before it finished, so the answer is incomplete.`,
    );

  const responseId = ctx.raw.responseId ?? acc.responseId;
  const repeated = ctx.raw.duplicatedId();
  if (repeated !== undefined) throw duplicateIdError(ctx.providerLabel, repeated);
  const toolCalls: ModelToolCall[] = [];
  const parts: ModelPart[] = [];
  for (const part of acc.parts) {
    if (part.type !== "pendingCall") {
      if ((part.type === "text" || part.type === "reasoning") && part.text === "" && !part.providerMetadata) continue;
      parts.push(part);
      continue;
    }
    const call = toToolCall(part.call, toolCalls.length, ctx, responseId);
    toolCalls.push(call);
    parts.push({ type: "toolCall", call });
  }
  const duplicate = duplicateToolCallError(toolCalls, ctx.providerLabel);
  if (duplicate) throw duplicate;
  if (ctx.provider === "openai-responses" && toolCalls.length > 0 && !toolCalls.some((call) => hasItemId(call))) {
    throw new ModelError(
      "model.native_metadata_lost",
      `${ctx.providerLabel} returned tool calls without their response item ids, so the conversation could not be continued faithfully.`,
    );
  }

  const text = parts
    .filter((p) => p.type === "text")
    .map((p) => (p as { text: string }).text)
    .join("");
  const reasoning = parts
    .filter((p) => p.type === "reasoning")
    .map((p) => (p as { text: string }).text)
    .join("");
  const format = providerFormatOf(ctx.provider);
  return {
    message: { role: "assistant", parts },
    toolCalls,
    text,
    reasoning,
    finishReason: toolCalls.length > 0 ? "tool-calls" : toFinish(finish),
    ...(finish.raw !== undefined ? { rawFinishReason: finish.raw } : {}),
    usage: toUsage(acc.usage),
    providerMetadata: acc.providerMetadata,
    ...(responseId !== undefined ? { responseId } : {}),
    ...(acc.modelId !== undefined ? { modelId: acc.modelId } : {}),
    providerState: {
      ...(ctx.request.providerState?.sessionId !== undefined ? { sessionId: ctx.request.providerState.sessionId } : {}),
      providerFormat: format,
      messageCursor: ctx.request.messages.length,
      lastResponseId: responseId ?? null,
      ...(format === "openai_responses" ? { previousResponseId: responseId ?? null } : {}),
    },
    warnings: acc.warnings,
  };
}

function toToolCall(
  pending: PendingCall,
  index: number,
  ctx: DecodeContext,
  responseId: string | undefined,
): ModelToolCall {
  let id = pending.sdkId;
  if (!ctx.raw.sent(id)) {
    if (ctx.provider === "google" && responseId) {
      id = `gemini_${responseId}_${index}`;
    } else {
      throw new ModelError(
        "model.invalid_tool_call",
        `${ctx.providerLabel} sent tool call ${index + 1} (${pending.alias}) without an id, so its result could not be matched to it.`,
        { toolCallIndex: index },
      );
    }
  }
  const normalized = normalizeToolArguments(pending.input);
  const call: ModelToolCall = {
    id,
    alias: pending.alias,
    argumentsText: pending.input.trim() === "" ? "{}" : pending.input,
    ...(pending.providerMetadata ? { providerMetadata: pending.providerMetadata } : {}),
  };
  if (normalized.kind === "invalid") call.argumentsError = invalidArgumentsMessage(normalized.rawText);
  return call;
}

function hasItemId(call: ModelToolCall): boolean {
  const itemId = call.providerMetadata?.openai?.itemId;
  return typeof itemId === "string" && itemId !== "";
}

function toFinish(finish: LanguageModelV4FinishReason): ModelFinishReason {
  if (finish.unified === "stop") return "stop";
  if (finish.unified === "tool-calls") return "tool-calls";
  return "other";
}

function toUsage(usage: LanguageModelV4Usage | undefined): ModelUsage {
  if (!usage) return {};
  const out: ModelUsage = {};
  if (usage.inputTokens?.total !== undefined) out.inputTokens = usage.inputTokens.total;
  if (usage.outputTokens?.total !== undefined) out.outputTokens = usage.outputTokens.total;
  if (usage.outputTokens?.reasoning !== undefined) out.reasoningTokens = usage.outputTokens.reasoning;
  if (usage.inputTokens?.cacheRead !== undefined) out.cachedInputTokens = usage.inputTokens.cacheRead;
  return out;
}

function isMetadata(value: unknown): value is ProviderMetadata {
  return typeof value === "object" && value !== null && Object.keys(value).length > 0;
}

function mergeMetadata(a: ProviderMetadata | undefined, b: ProviderMetadata): ProviderMetadata {
  const out: ProviderMetadata = { ...(a ?? {}) };
  for (const [key, value] of Object.entries(b)) out[key] = { ...(out[key] ?? {}), ...value };
  return out;
}
