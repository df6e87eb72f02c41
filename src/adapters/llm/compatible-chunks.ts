/**
 * Parsed chat-completion chunks → LanguageModelV4 stream parts, in the order and shape the pinned
 * `@ai-sdk/openai-compatible` chat model's doStream transform emits them (used by
 * compatible-stream.ts; docs/decisions/3500-compatible-stream-reader.md). Reasoning comes before
 * text within a chunk; a refusal is text and turns `stop` into `content-filter`; tool-call deltas
 * wait for their function name (some providers send it late) and then go through the SDK's
 * `StreamingToolCallTracker`; the finish reason is mapped once every chunk is read.
 */
import type {
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  SharedV4ProviderMetadata,
  SharedV4Warning,
} from "@ai-sdk/provider";
import { InvalidResponseDataError } from "@ai-sdk/provider";
import { generateId, type ParseResult, StreamingToolCallTracker } from "@ai-sdk/provider-utils";
import {
  convertOpenAICompatibleChatUsage,
  getResponseMetadata,
  mapOpenAICompatibleFinishReason,
} from "@ai-sdk/openai-compatible/internal";

/** One tool-call delta of a chunk (the chunk schema has checked the types). */
interface ToolCallDelta {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
  extra_content?: { google?: { thought_signature?: string | null } | null } | null;
}

interface Delta {
  content?: string | Array<{ type: string; text?: unknown; thinking?: unknown }> | null;
  refusal?: string;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: ToolCallDelta[] | null;
}

type Usage = Parameters<typeof convertOpenAICompatibleChatUsage>[0] & {
  completion_tokens_details?: {
    accepted_prediction_tokens?: number | null;
    rejected_prediction_tokens?: number | null;
  } | null;
};

interface Chunk {
  id?: string | null;
  created?: number | null;
  model?: string | null;
  usage?: Usage;
  choices: Array<{ delta?: Delta | null; finish_reason?: string | null }>;
}

interface PendingCall {
  id: string | null;
  bufferedArguments: string;
  extraContent: ToolCallDelta["extra_content"];
}

/**
 * Decodes one streamed step. `queue` takes each chunk's parse result as it arrives (they settle in
 * order); `flush` emits the closing parts. A tracker error ends decoding and is rethrown by
 * `throwIfFailed`, as the SDK's transform errors its stream.
 */
export class ChunkDecoder {
  private readonly tracker: StreamingToolCallTracker<ToolCallDelta>;
  private readonly pendingCalls = new Map<number, PendingCall>();
  private readonly forwarded = new Set<number>();
  private finishReason: LanguageModelV4FinishReason | undefined;
  private rawFinishReason: string | undefined;
  private usage: Usage | undefined;
  private metadataSent = false;
  private reasoningOpen = false;
  private textOpen = false;
  private refused = false;
  private queueTail: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly metadataKey: string,
    warnings: SharedV4Warning[],
    private readonly emit: (part: LanguageModelV4StreamPart) => void,
    private readonly includeRawChunks: boolean,
  ) {
    this.tracker = new StreamingToolCallTracker<ToolCallDelta>(
      { enqueue: emit },
      {
        generateId,
        extractMetadata: (delta) => {
          const thoughtSignature = delta.extra_content?.google?.thought_signature;
          return thoughtSignature ? { [metadataKey]: { thoughtSignature } } : undefined;
        },
        buildToolCallProviderMetadata: (metadata) => metadata,
      },
    );
    emit({ type: "stream-start", warnings });
  }

  /** Decodes `result` after every chunk queued before it. */
  queue(result: Promise<ParseResult<unknown>>): void {
    this.queueTail = this.queueTail.then(async () => {
      const chunk = await result;
      if (this.failure) return;
      try {
        this.chunk(chunk);
      } catch (error) {
        this.failure = { error };
      }
    });
  }

  /** Resolves once every queued chunk is decoded. */
  settled(): Promise<void> {
    return this.queueTail;
  }

  /** Throws the error that ended decoding, if any. */
  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  private chunk(result: ParseResult<unknown>): void {
    if (this.includeRawChunks) this.emit({ type: "raw", rawValue: result.rawValue });
    if (!result.success) {
      this.finishReason = { unified: "error", raw: undefined };
      this.rawFinishReason = undefined;
      this.emit({ type: "error", error: result.error });
      return;
    }
    const value = result.value as Chunk | { error: unknown };
    if ("error" in value) {
      this.finishReason = { unified: "error", raw: undefined };
      this.rawFinishReason = undefined;
      this.emit({ type: "error", error: value.error });
      return;
    }
    if (!this.metadataSent) {
      const metadata = getResponseMetadata(value);
      if (Object.values(metadata).some(Boolean)) {
        this.metadataSent = true;
        this.emit({ type: "response-metadata", ...metadata });
      }
    }
    if (value.usage != null) this.usage = value.usage;
    const choice = value.choices[0];
    if (choice?.finish_reason != null) this.rawFinishReason = choice.finish_reason;
    const delta = choice?.delta;
    if (delta == null) return;

    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) this.reasoningDelta(reasoning);
    for (const part of contentParts(delta.content)) {
      if (part.type === "reasoning") this.reasoningDelta(part.text);
      else this.textDelta(part.text);
    }
    if (delta.refusal != null && delta.refusal.length > 0) {
      this.refused = true;
      this.textDelta(delta.refusal);
    }
    if (delta.tool_calls != null && delta.tool_calls.length > 0) {
      this.closeReasoning();
      for (const call of delta.tool_calls) this.toolCallDelta(call);
    }
  }

  /** The closing parts: open blocks end, held tool calls go out, then `finish`. */
  flush(): void {
    if (this.reasoningOpen) this.emit({ type: "reasoning-end", id: "reasoning-0" });
    if (this.textOpen) this.emit({ type: "text-end", id: "txt-0" });
    // Calls that never got a name: the tracker rejects them, as in the SDK.
    for (const [index, pending] of this.pendingCalls)
      this.tracker.processDelta({ index, id: pending.id, function: { arguments: pending.bufferedArguments } });
    this.pendingCalls.clear();
    this.tracker.flush();
    if (this.rawFinishReason != null) {
      this.finishReason = {
        unified: mapOpenAICompatibleFinishReason(this.rawFinishReason, { hasRefusal: this.refused }),
        raw: this.rawFinishReason,
      };
    }
    if (this.finishReason == null) {
      this.finishReason = { unified: "error", raw: undefined };
      this.emit({
        type: "error",
        error: new InvalidResponseDataError({
          data: undefined,
          message: "Response stream ended without a finish reason.",
        }),
      });
    }
    const own: SharedV4ProviderMetadata[string] = {};
    const providerMetadata: SharedV4ProviderMetadata = { [this.metadataKey]: own };
    const details = this.usage?.completion_tokens_details;
    if (details?.accepted_prediction_tokens != null) own.acceptedPredictionTokens = details.accepted_prediction_tokens;
    if (details?.rejected_prediction_tokens != null) own.rejectedPredictionTokens = details.rejected_prediction_tokens;
    this.emit({
      type: "finish",
      finishReason: this.finishReason,
      usage: convertOpenAICompatibleChatUsage(this.usage),
      providerMetadata,
    });
  }

  private closeReasoning(): void {
    if (!this.reasoningOpen) return;
    this.emit({ type: "reasoning-end", id: "reasoning-0" });
    this.reasoningOpen = false;
  }

  private reasoningDelta(delta: string): void {
    if (this.textOpen) {
      this.emit({ type: "text-end", id: "txt-0" });
      this.textOpen = false;
    }
    if (!this.reasoningOpen) {
      this.emit({ type: "reasoning-start", id: "reasoning-0" });
      this.reasoningOpen = true;
    }
    this.emit({ type: "reasoning-delta", id: "reasoning-0", delta });
  }

  private textDelta(delta: string): void {
    this.closeReasoning();
    if (!this.textOpen) {
      this.emit({ type: "text-start", id: "txt-0" });
      this.textOpen = true;
    }
    this.emit({ type: "text-delta", id: "txt-0", delta });
  }

  /** Holds deltas of a call until its name is known, then hands the call to the tracker. */
  private toolCallDelta(delta: ToolCallDelta): void {
    const index = delta.index;
    if (index == null || this.forwarded.has(index)) {
      this.tracker.processDelta(delta);
      return;
    }
    let pending = this.pendingCalls.get(index);
    if (pending == null) {
      pending = { id: delta.id ?? null, bufferedArguments: "", extraContent: delta.extra_content ?? null };
      this.pendingCalls.set(index, pending);
    } else {
      if (pending.id == null && delta.id != null) pending.id = delta.id;
      if (pending.extraContent == null && delta.extra_content != null) pending.extraContent = delta.extra_content;
    }
    const args = delta.function?.arguments;
    if (args != null) pending.bufferedArguments += args;
    const name = delta.function?.name;
    if (name != null) {
      this.tracker.processDelta({
        index,
        id: pending.id,
        function: { name, arguments: pending.bufferedArguments },
        extra_content: pending.extraContent ?? undefined,
      });
      this.pendingCalls.delete(index);
      this.forwarded.add(index);
    }
  }
}

/** A delta's `content`: a string, or parts of which `text` is text and `thinking` is reasoning. */
function contentParts(content: Delta["content"]): Array<{ type: "text" | "reasoning"; text: string }> {
  if (content == null) return [];
  if (typeof content === "string") return content.length > 0 ? [{ type: "text", text: content }] : [];
  const parts: Array<{ type: "text" | "reasoning"; text: string }> = [];
  for (const part of content) {
    if (part.type === "text" && typeof part.text === "string") {
      if (part.text.length > 0) parts.push({ type: "text", text: part.text });
    } else if (part.type === "thinking" && Array.isArray(part.thinking)) {
      const text = part.thinking
        .filter(
          (chunk): chunk is { type: "text"; text: string } =>
            chunk != null &&
            typeof chunk === "object" &&
            "type" in chunk &&
            chunk.type === "text" &&
            "text" in chunk &&
            typeof chunk.text === "string",
        )
        .map((chunk) => chunk.text)
        .join("");
      if (text.length > 0) parts.push({ type: "reasoning", text });
    }
  }
  return parts;
}
