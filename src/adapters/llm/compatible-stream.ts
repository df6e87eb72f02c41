/**
 * Streamed chat completions of OpenAI-compatible connections, read without the SDK's chain of
 * streams (docs/decisions/3500-compatible-stream-reader.md, docs/spec/agent-runtime.md §7).
 *
 * `OpenAICompatibleChatLanguageModel.doStream` pipes every answer through five streams (body wrapper,
 * text decoder, SSE parser, JSON parser, part transform); on workerd each costs a native round trip
 * per chunk, which made the SDK's pipeline about 40 % of an agent round's CPU. This reader keeps
 * everything else of the pinned SDK: the model's own request arguments (`getArgs`), headers and URL,
 * `postJsonToApi` with the model's error handler (same `APICallError`s, same retryability), the
 * model's chunk schema (the plain shape checked by hand, compatible-chunk-shape.ts, ADR 3650), the
 * shared `StreamingToolCallTracker`, usage and finish-reason mapping. Only
 * the bytes-to-parts path is ours: one reader, `TextDecoder`, the synchronous `eventsource-parser`,
 * and the part logic of doStream, handing parts to a callback in the same order.
 *
 * `compatibleInternals` checks the model has what this needs; when it does not (another SDK version,
 * a config with a metadata extractor or body transform), the gateway uses `doStream` unchanged.
 * tests/integration/models/compatible-stream.test.ts runs both paths on the same answers and compares.
 */
import {
  APICallError,
  EmptyResponseBodyError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4StreamPart,
  type SharedV4Warning,
} from "@ai-sdk/provider";
import {
  asSchema,
  combineHeaders,
  extractResponseHeaders,
  type FlexibleSchema,
  isAbortError,
  postJsonToApi,
  type ResponseHandler,
  resolve,
  type Schema,
} from "@ai-sdk/provider-utils";
import { createParser } from "eventsource-parser";
import { parseCompatibleChunk } from "./compatible-chunk-shape";
import { ChunkDecoder } from "./compatible-chunks";

/** The members of the pinned SDK's chat model this reader uses (TypeScript-private, present at run time). */
export interface CompatibleInternals {
  modelId: string;
  config: {
    provider: string;
    url(options: { path: string; modelId: string }): string;
    headers?: unknown;
    fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    includeUsage?: boolean;
  };
  getArgs(
    options: LanguageModelV4CallOptions,
  ): Promise<{ args: Record<string, unknown>; warnings: SharedV4Warning[]; metadataKey: string }>;
  failedResponseHandler: ResponseHandler<APICallError>;
  chunkSchema: FlexibleSchema<unknown>;
}

/** A chat model this reader can stand in for, with its chunk schema wrapped once (not per chunk). */
export interface CompatibleChat {
  model: CompatibleInternals;
  chunkSchema: Schema<unknown>;
}

/**
 * The model's internals when this reader can stand in for its `doStream`, else undefined (then the
 * caller uses `doStream`). Requires no metadata extractor, body transform or usage converter.
 */
export function compatibleInternals(model: LanguageModelV4): CompatibleChat | undefined {
  const m = model as unknown as Partial<CompatibleInternals> & {
    config?: Record<string, unknown>;
  };
  const config = m.config;
  if (
    typeof m.getArgs !== "function" ||
    typeof m.failedResponseHandler !== "function" ||
    m.chunkSchema == null ||
    config == null ||
    typeof config.url !== "function" ||
    config.metadataExtractor != null ||
    config.transformRequestBody != null ||
    config.convertUsage != null
  )
    return undefined;
  const internals = m as CompatibleInternals;
  return { model: internals, chunkSchema: asSchema(internals.chunkSchema) };
}

/** Where the parts go, and how a pending body read is raced against cancel. */
export interface CompatibleStreamSink {
  onPart(part: LanguageModelV4StreamPart): void;
  /**
   * Reads the body chunk by chunk (the gateway's abort-racing reader); a read that fails is thrown
   * as `mapReadError(error)`.
   */
  drain(
    body: ReadableStream<Uint8Array>,
    onChunk: (bytes: Uint8Array) => void,
    mapReadError: (error: unknown) => unknown,
  ): Promise<void>;
}

/**
 * One streamed step: sends the request `doStream` would send and feeds `sink.onPart` the parts it
 * would emit, in order. Throws what `doStream` or its stream would throw (`APICallError` for HTTP and
 * network failures, `InvalidResponseDataError` from the tool-call tracker, abort errors as is).
 */
export async function streamCompatibleChat(
  chat: CompatibleChat,
  options: LanguageModelV4CallOptions,
  sink: CompatibleStreamSink,
): Promise<void> {
  const { model, chunkSchema } = chat;
  const { args, warnings, metadataKey } = await model.getArgs({ ...options });
  const body = {
    ...args,
    stream: true,
    stream_options: model.config.includeUsage ? { include_usage: true } : undefined,
  };
  const url = model.config.url({ path: "/chat/completions", modelId: model.modelId });
  const fetchAnswer = model.config.fetch ?? globalThis.fetch;
  // A successful answer reaches postJsonToApi as a stand-in without headers: it would copy them
  // (a walk over the runtime's Headers, about a quarter of a millisecond on workerd) only to have
  // them dropped. Failed answers reach it whole, for the model's error handler.
  let answer: Response | undefined;
  await postJsonToApi<undefined>({
    url,
    headers: combineHeaders(
      (await resolve(model.config.headers as never)) as Record<string, string | undefined>,
      options.headers,
    ),
    body,
    failedResponseHandler: model.failedResponseHandler,
    successfulResponseHandler: async () => {
      if (answer?.body == null) throw emptyBodyError(answer, url, body);
      return { value: undefined };
    },
    abortSignal: options.abortSignal,
    fetch: async (input, init) => {
      const response = await fetchAnswer(input, init);
      if (!response.ok) return response;
      answer = response;
      return { ok: true, status: response.status, headers: NO_HEADERS, body: response.body } as unknown as Response;
    },
  });
  const response = answer as Response;

  const decoder = new ChunkDecoder(metadataKey, warnings, sink.onPart, options.includeRawChunks === true);
  const events = createParser({
    onEvent: ({ data }) => {
      if (data !== "[DONE]") decoder.queue(parseCompatibleChunk(data, chunkSchema));
    },
  });
  const text = DECODERS.pop() ?? new TextDecoder();
  try {
    await sink.drain(
      response.body as ReadableStream<Uint8Array>,
      (bytes) => {
        decoder.throwIfFailed();
        events.feed(text.decode(bytes, { stream: true }));
      },
      (error) => bodyReadError(error, url, body, response),
    );
    const rest = text.decode();
    if (rest !== "") events.feed(rest);
  } finally {
    await decoder.settled();
    // decode() without `stream` resets the decoder, so a broken body leaves no bytes behind.
    text.decode();
    if (DECODERS.length < MAX_IDLE_DECODERS) DECODERS.push(text);
  }
  decoder.throwIfFailed();
  decoder.flush();
}

/**
 * Idle UTF-8 decoders, reused across answers: constructing one per answer was a measurable share of
 * an agent round on workerd (issue 31). A decoder is taken for one answer and given back reset.
 */
const DECODERS: TextDecoder[] = [];
const MAX_IDLE_DECODERS = 8;

const NO_HEADERS = { [Symbol.iterator]: () => [][Symbol.iterator]() };

/** A successful answer without a body, as postJsonToApi reports the SDK's EmptyResponseBodyError. */
function emptyBodyError(response: Response | undefined, url: string, body: unknown): APICallError {
  return new APICallError({
    message: "Failed to process successful response",
    cause: new EmptyResponseBodyError({}),
    statusCode: response?.status,
    url,
    responseHeaders: response ? extractResponseHeaders(response) : undefined,
    requestBodyValues: body,
  });
}

/** A failed body read, as the SDK's body wrapper reports it. */
function bodyReadError(error: unknown, url: string, body: unknown, response: Response): unknown {
  if (isAbortError(error) || APICallError.isInstance(error) || !(error instanceof Error)) return error;
  return new APICallError({
    message: "Failed to process successful response",
    cause: error,
    statusCode: response.status,
    url,
    responseHeaders: extractResponseHeaders(response),
    requestBodyValues: body,
    ...(hasNetworkCode(error) ? { isRetryable: true } : {}),
  });
}

/**
 * Error codes of a dropped connection, which make a failed read retryable. The same list and the
 * same walk down `cause` as provider-utils' `handleFetchError`, which the package does not export.
 */
const NETWORK_CODES = new Set([
  "ConnectionRefused",
  "ConnectionClosed",
  "FailedToOpenSocket",
  "ECONNRESET",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function hasNetworkCode(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); ) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
