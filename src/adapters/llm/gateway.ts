/**
 * AiSdkModelGateway: the ModelGateway port (src/ports/model-gateway.ts) over the AI SDK's
 * LanguageModelV4 (`doStream` / `doGenerate` directly: one step, never a retry). Raw chunks are
 * requested so tool-call ids can be checked against what the provider really sent (raw-ids.ts).
 * Cancel: the AbortSignal goes to fetch and also races every stream read, so an abort ends the step
 * with `model.cancelled` even while the provider is silent.
 */
import { compatibleInternals, streamCompatibleChat, type CompatibleChat } from "./compatible-stream";
import type { ModelProvider, ResolvedConnection } from "../../domain/models/connection";
import { ModelError } from "../../domain/models/errors";
import type { ModelRequest, ModelResponse } from "../../domain/models/ir";
import type { ModelGateway, ModelStepOptions } from "../../ports/model-gateway";
import { finalizeStep, StepAccumulator } from "./decode";
import { cancelled, toModelError } from "./errors";
import { noRedirectFetch, type FetchFn } from "./fetch";
import { buildCallOptions } from "./prompt";
import { buildLanguageModel, type BuiltModel } from "./providers";
import { RawIdCollector } from "./raw-ids";

const PROVIDER_LABELS: Record<ModelProvider, string> = {
  openai: "OpenAI",
  "openai-responses": "OpenAI (Responses)",
  anthropic: "Anthropic",
  google: "Google Gemini",
  "openai-compatible": "The OpenAI-compatible endpoint",
};

/** Options of createModelGateway. `fetch` replaces the network (tests with recorded fixtures). */
export interface GatewayOptions {
  fetch?: FetchFn;
}

/** Builds the gateway of a resolved connection. */
export function createModelGateway(connection: ResolvedConnection, options: GatewayOptions = {}): ModelGateway {
  return new AiSdkModelGateway(connection, noRedirectFetch(options.fetch));
}

export class AiSdkModelGateway implements ModelGateway {
  readonly provider: ModelProvider;
  readonly modelId: string;
  private readonly built: BuiltModel;
  private readonly label: string;
  /** Set for openai-compatible connections: their streamed steps skip the SDK's stream chain. */
  private readonly compatible: CompatibleChat | undefined;

  constructor(
    private readonly connection: ResolvedConnection,
    fetch: FetchFn,
  ) {
    this.provider = connection.provider;
    this.modelId = connection.modelId;
    this.built = buildLanguageModel(connection, fetch);
    this.label = PROVIDER_LABELS[connection.provider];
    this.compatible = connection.provider === "openai-compatible" ? compatibleInternals(this.built.model) : undefined;
  }

  async step(request: ModelRequest, options: ModelStepOptions = {}): Promise<ModelResponse> {
    if (options.signal?.aborted) throw cancelled();
    const limit = stepLimit(options);
    const signal = limit.signal;
    const mapError = (error: unknown) => {
      if (limit.timedOut()) return timedOut(this.label, options.timeoutMs!);
      return toModelError(error, { signal: options.signal, apiKey: this.connection.apiKey, providerLabel: this.label });
    };
    const raw = new RawIdCollector(this.built.idCheck);
    const accumulator = new StepAccumulator(raw, options.onDelta);
    const decodeContext = {
      provider: this.provider,
      metadataKey: this.built.metadataKey,
      providerLabel: this.label,
      request,
      raw,
    };
    try {
      const callOptions = {
        ...buildCallOptions(request, {
          provider: this.provider,
          metadataKey: this.built.metadataKey,
          schemaFamily: this.built.schemaFamily,
          defaults: this.connection.defaults,
        }),
        abortSignal: signal,
        includeRawChunks: true,
      };
      const stream = options.stream ?? options.onDelta !== undefined;
      if (stream && this.compatible) {
        await streamCompatibleChat(this.compatible, callOptions, {
          onPart: (part) => accumulator.push(part),
          drain: (body, onChunk, mapReadError) => drain(body, onChunk, limit.aborted, mapReadError),
        });
      } else if (stream) {
        const result = await this.built.model.doStream(callOptions);
        await drain(result.stream, (part) => accumulator.push(part), limit.aborted);
      } else {
        const result = await this.built.model.doGenerate(callOptions);
        raw.add(result.response?.body);
        accumulator.responseId = result.response?.id;
        accumulator.modelId = result.response?.modelId;
        accumulator.addContent(
          result.content,
          result.finishReason,
          result.usage,
          result.providerMetadata,
          result.warnings,
        );
      }
      if (signal.aborted) throw cancelled();
      return finalizeStep(accumulator, decodeContext, mapError);
    } catch (error) {
      throw mapError(error);
    } finally {
      limit.dispose();
    }
  }
}

/**
 * One signal for the step: the caller's signal or the step's timeout, whichever comes first; and
 * `aborted`, a promise rejected with the cancel error at the same moment, which the body reader
 * races (a second abort listener per answer was a measurable share of an agent round; issue 31).
 */
function stepLimit(options: ModelStepOptions): {
  signal: AbortSignal;
  aborted: Promise<never>;
  timedOut(): boolean;
  dispose(): void;
} {
  const controller = new AbortController();
  let expired = false;
  let reject: (error: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, rejectAborted) => {
    reject = rejectAborted;
  });
  aborted.catch(() => undefined);
  const onAbort = () => {
    controller.abort();
    reject(cancelled());
  };
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    options.timeoutMs !== undefined && options.timeoutMs > 0
      ? setTimeout(() => {
          expired = true;
          onAbort();
        }, options.timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    aborted,
    timedOut: () => expired && !options.signal?.aborted,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    },
  };
}

function timedOut(label: string, timeoutMs: number): ModelError {
  return new ModelError(
    "model.request_failed",
    `${label} did not finish the step within ${Math.round(timeoutMs / 100) / 10} s.`,
    { timeoutMs },
  );
}

/**
 * Reads every chunk; an abort (`aborted` rejects) cancels the reader at once (the read promise is
 * raced). A failed read is rethrown through `mapReadError` when given.
 */
async function drain<T>(
  stream: ReadableStream<T>,
  onPart: (part: T) => void,
  aborted: Promise<never>,
  mapReadError?: (error: unknown) => unknown,
): Promise<void> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const read = mapReadError
        ? reader.read().catch((error: unknown) => Promise.reject(mapReadError(error)))
        : reader.read();
      const next = await Promise.race([read, aborted]);
      if (next.done) return;
      onPart(next.value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
