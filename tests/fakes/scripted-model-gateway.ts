/**
 * An in-process ModelGateway that plays a script (tests and benchmarks of the agent loop): each
 * step answers text and/or tool calls, or throws a ModelError. Records every request it got and
 * checks the OpenAI pairing rule (every tool call answered by its result before anything else).
 */
import { ModelError, type ModelErrorCode } from "../../src/domain/models/errors";
import type { ModelRequest, ModelResponse, ModelToolCall } from "../../src/domain/models/ir";
import type { ModelGateway, ModelStepOptions } from "../../src/ports/model-gateway";

export interface FakeStep {
  text?: string;
  calls?: Array<{ id: string; name: string; arguments?: string }>;
  error?: ModelErrorCode;
  /** With `error`: the provider's Retry-After, ms (`details.retryAfterMs`). */
  retryAfterMs?: number;
  /** With `error`: the provider's own words (`details.providerMessage`). */
  providerMessage?: string;
  /** Wait for this promise before answering (cancel tests). */
  hold?: Promise<void>;
}

export class ScriptedModelGateway implements ModelGateway {
  readonly provider = "openai-compatible" as const;
  readonly modelId = "scripted";
  readonly requests: ModelRequest[] = [];
  private cursor = 0;

  constructor(private readonly steps: FakeStep[] | ((index: number) => FakeStep)) {}

  async step(request: ModelRequest, options: ModelStepOptions = {}): Promise<ModelResponse> {
    this.requests.push(structuredClone(request));
    const index = this.cursor++;
    const step = typeof this.steps === "function" ? this.steps(index) : this.steps[index];
    if (!step) throw new ModelError("model.provider_rejected", `Script has no step ${index + 1}.`);
    if (step.hold) {
      await Promise.race([
        step.hold,
        new Promise<void>((_, reject) =>
          options.signal?.addEventListener("abort", () => reject(new ModelError("model.cancelled", "cancelled"))),
        ),
      ]);
    }
    if (options.signal?.aborted) throw new ModelError("model.cancelled", "cancelled");
    if (step.error)
      throw new ModelError(step.error, `scripted ${step.error}`, {
        ...(step.retryAfterMs === undefined ? {} : { retryAfterMs: step.retryAfterMs }),
        ...(step.providerMessage === undefined ? {} : { providerMessage: step.providerMessage }),
      });
    const toolCalls: ModelToolCall[] = (step.calls ?? []).map((call) => ({
      id: call.id,
      alias: call.name,
      argumentsText: call.arguments ?? "{}",
    }));
    const text = step.text ?? "";
    // A streamed step hands its text to onDelta in pieces of 4 code points, as a provider would.
    if (options.onDelta) {
      const chars = Array.from(text);
      for (let i = 0; i < chars.length; i += 4) options.onDelta({ type: "text", text: chars.slice(i, i + 4).join("") });
    }
    return {
      message: {
        role: "assistant",
        parts: [
          ...(text ? [{ type: "text" as const, text }] : []),
          ...toolCalls.map((call) => ({ type: "toolCall" as const, call })),
        ],
      },
      toolCalls,
      text,
      reasoning: "",
      finishReason: toolCalls.length > 0 ? "tool-calls" : "stop",
      usage: { inputTokens: 1, outputTokens: 1 },
      providerMetadata: {},
      responseId: `resp_${index + 1}`,
      modelId: this.modelId,
      providerState: {
        ...(request.providerState ?? {}),
        providerFormat: "openai_compatible",
        messageCursor: request.messages.length,
        lastResponseId: `resp_${index + 1}`,
      },
      warnings: [],
    };
  }

  /** Pairing problems in any recorded request (empty = every tool call was answered by its result in order). */
  pairingProblems(): string[] {
    const problems: string[] = [];
    this.requests.forEach((request, r) => {
      let pending = new Set<string>();
      for (const message of request.messages) {
        if (message.role === "tool") {
          for (const part of message.parts)
            if (part.type === "toolResult" && !pending.delete(part.result.callId))
              problems.push(`request ${r}: unexpected result ${part.result.callId}`);
          continue;
        }
        if (pending.size > 0) problems.push(`request ${r}: unanswered ${[...pending].join(",")}`);
        pending = new Set(message.parts.flatMap((part) => (part.type === "toolCall" ? [part.call.id] : [])));
      }
      if (pending.size > 0) problems.push(`request ${r}: unanswered at end ${[...pending].join(",")}`);
    });
    return problems;
  }
}
