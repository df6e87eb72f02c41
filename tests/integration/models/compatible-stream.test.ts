/**
 * The OpenAI-compatible stream reader (src/adapters/llm/compatible-stream.ts, ADR 3500) against the
 * SDK's own `doStream` on the same answers, in workerd: the same request goes out, and the same
 * stream parts, in the same order, or the same error come back. A difference here means a user
 * would see another answer, code or retry decision than the SDK would give.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { compatibleInternals, streamCompatibleChat } from "../../../src/adapters/llm/compatible-stream";
import { buildLanguageModel } from "../../../src/adapters/llm/providers";

type Answer =
  | { status?: number; headers?: Record<string, string>; body: string | null; split?: number[] }
  | { fail: Error }
  | { events: string[]; breakWith: Error };

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch answering `answer`, split into byte chunks at `split` offsets, recording the request. */
function answerFetch(answer: Answer, sent: Sent[]) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push({
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: JSON.parse(await request.text()),
    });
    if ("fail" in answer) throw answer.fail;
    const encoder = new TextEncoder();
    if ("breakWith" in answer) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const event of answer.events) controller.enqueue(encoder.encode(event));
        },
        pull(controller) {
          controller.error(answer.breakWith);
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream" } });
    }
    if (answer.body === null) return new Response(null, { status: answer.status ?? 200, headers: answer.headers });
    const bytes = encoder.encode(answer.body);
    const cuts = [0, ...(answer.split ?? []), bytes.length];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i + 1 < cuts.length; i += 1) controller.enqueue(bytes.slice(cuts[i], cuts[i + 1]));
        controller.close();
      },
    });
    return new Response(stream, {
      status: answer.status ?? 200,
      headers: { "content-type": "text/event-stream", ...(answer.headers ?? {}) },
    });
  };
}

const sse = (...chunks: unknown[]) =>
  `${chunks.map((chunk) => `data: ${typeof chunk === "string" ? chunk : JSON.stringify(chunk)}\n\n`).join("")}data: [DONE]\n\n`;
const head = { id: "chatcmpl-1", created: 1764633600, model: "m-1" };
const delta = (d: unknown, finish: string | null = null) => ({
  ...head,
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});
const usage = (u: unknown) => ({ ...head, choices: [], usage: u });

const options: LanguageModelV4CallOptions = {
  prompt: [
    { role: "system", content: "Be brief." },
    { role: "user", content: [{ type: "text", text: "写一首诗" }] },
  ],
  tools: [
    {
      type: "function",
      name: "note",
      description: "Writes a note",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
    },
  ],
  maxOutputTokens: 300,
  temperature: 0.7,
  includeRawChunks: true,
};

/** Whatever a path produced: its parts (errors by name and message) and the error it threw. */
type Outcome = { parts: unknown[]; thrown?: unknown; sent: Sent[] };

function plain(value: unknown): unknown {
  if (value instanceof Error) {
    const e = value as Error & {
      statusCode?: number;
      isRetryable?: boolean;
      responseBody?: string;
      responseHeaders?: Record<string, string>;
      cause?: unknown;
    };
    return {
      name: e.name,
      message: e.message,
      statusCode: e.statusCode,
      isRetryable: e.isRetryable,
      responseBody: e.responseBody,
      responseHeaders: e.responseHeaders,
      cause: e.cause instanceof Error ? e.cause.name : e.cause,
    };
  }
  return value;
}

const normalize = (part: LanguageModelV4StreamPart) =>
  part.type === "error" ? { ...part, error: plain(part.error) } : part;

function model(answer: Answer, sent: Sent[]): LanguageModelV4 {
  return buildLanguageModel(
    {
      id: "conn_1",
      provider: "openai-compatible",
      baseUrl: "https://llm.example.test/v1",
      modelId: "m-1",
      apiKey: "sk-test-0123456789",
      defaults: {},
    },
    answerFetch(answer, sent),
  ).model;
}

async function viaSdk(answer: Answer): Promise<Outcome> {
  const sent: Sent[] = [];
  const parts: unknown[] = [];
  try {
    const { stream } = await model(answer, sent).doStream(options);
    const reader = stream.getReader();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      parts.push(normalize(next.value));
    }
  } catch (error) {
    return { parts, thrown: plain(error), sent };
  }
  return { parts, sent };
}

async function viaReader(answer: Answer): Promise<Outcome> {
  const sent: Sent[] = [];
  const parts: unknown[] = [];
  const internals = compatibleInternals(model(answer, sent));
  if (!internals) throw new Error("the reader does not apply to this model");
  try {
    await streamCompatibleChat(internals, options, {
      onPart: (part) => parts.push(normalize(part)),
      drain: async (body, onChunk, mapReadError) => {
        const reader = body.getReader();
        for (;;) {
          const next = await reader.read().catch((error: unknown) => Promise.reject(mapReadError(error)));
          if (next.done) return;
          onChunk(next.value);
        }
      },
    });
  } catch (error) {
    return { parts, thrown: plain(error), sent };
  }
  return { parts, sent };
}

const answers: Record<string, Answer> = {
  "text in pieces, then usage": {
    body: sse(
      delta({ role: "assistant", content: "" }),
      delta({ content: "春眠" }),
      delta({ content: "不觉晓" }),
      delta({}, "stop"),
      usage({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17, prompt_tokens_details: { cached_tokens: 4 } }),
    ),
  },
  "a multibyte character split across reads": {
    body: sse(delta({ content: "处处闻啼鸟" }, "stop")),
    split: [20, 61, 62, 63],
  },
  "reasoning, then text, then reasoning again": {
    body: sse(
      delta({ reasoning_content: "Think" }),
      delta({ reasoning: " more" }),
      delta({ content: "Answer" }),
      delta({ reasoning_content: "late" }, "stop"),
    ),
  },
  "content parts with thinking": {
    body: sse(
      delta({
        content: [
          { type: "thinking", thinking: [{ type: "text", text: "hmm" }, { type: "other" }] },
          { type: "text", text: "done" },
        ],
      }),
      delta({}, "stop"),
    ),
  },
  "two tool calls interleaved by index, one named late": {
    body: sse(
      delta({ reasoning_content: "plan" }),
      delta({ tool_calls: [{ index: 0, id: "call_a", function: { name: "note", arguments: "" } }] }),
      delta({ tool_calls: [{ index: 1, id: "call_b", function: { arguments: '{"te' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{"text":"a"}' } }] }),
      delta({ tool_calls: [{ index: 1, function: { name: "note", arguments: 'xt":"b"}' } }] }),
      delta({}, "tool_calls"),
    ),
  },
  "a Gemini thought signature on a tool call": {
    body: sse(
      delta({
        tool_calls: [
          {
            index: 0,
            id: "call_g",
            function: { name: "note", arguments: "{}" },
            extra_content: { google: { thought_signature: "sig-1" } },
          },
        ],
      }),
      delta({}, "tool_calls"),
    ),
  },
  "a refusal with finish stop": {
    body: sse(delta({ content: "I" }), delta({ refusal: " cannot help." }, "stop")),
  },
  "an error chunk mid-stream": {
    body: sse(delta({ content: "Hi" }), { error: { message: "overloaded", type: "server_error", code: "503" } }),
  },
  "a chunk that is not JSON": { body: sse(delta({ content: "Hi" }), "{not json", delta({}, "stop")) },
  "a chunk of the wrong shape": { body: sse({ ...head, choices: "nope" }, delta({}, "stop")) },
  "no finish reason before the end": { body: sse(delta({ content: "cut" })) },
  "a last event without its blank line": {
    body: `data: ${JSON.stringify(delta({ content: "x" }, "stop"))}\n\ndata: ${JSON.stringify(delta({ content: "y" }))}`,
  },
  "prediction token counts": {
    body: sse(
      delta({ content: "ok" }, "length"),
      usage({
        prompt_tokens: 3,
        completion_tokens: 9,
        completion_tokens_details: {
          reasoning_tokens: 2,
          accepted_prediction_tokens: 1,
          rejected_prediction_tokens: 4,
        },
      }),
    ),
  },
  "a tool call that never gets a name": {
    body: sse(
      delta({ tool_calls: [{ index: 0, id: "call_x", function: { arguments: "{}" } }] }),
      delta({}, "tool_calls"),
    ),
  },
  "HTTP 400 with a JSON error": {
    status: 400,
    body: JSON.stringify({ error: { message: "bad tool schema", type: "invalid_request_error" } }),
  },
  "HTTP 429 with retry-after": {
    status: 429,
    headers: { "retry-after": "7" },
    body: JSON.stringify({ error: { message: "slow down", type: "rate_limit" } }),
  },
  "HTTP 502 with an HTML page": { status: 502, body: "<html>bad gateway</html>" },
  "HTTP 200 without a body": { body: null, headers: { "x-request-id": "req-1" } },
  "a connection that cannot be made": {
    fail: Object.assign(new TypeError("fetch failed"), { cause: new Error("connect ECONNREFUSED") }),
  },
  "a body that breaks with a reset": {
    events: [`data: ${JSON.stringify(delta({ content: "partial" }))}\n\n`],
    breakWith: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
  },
  "a body that breaks without a network code": {
    events: [`data: ${JSON.stringify(delta({ content: "partial" }))}\n\n`],
    breakWith: new Error("stream torn"),
  },
};

describe("OpenAI-compatible stream reader vs the SDK's doStream", () => {
  it("applies to the openai-compatible model the gateway builds", () => {
    expect(compatibleInternals(model({ body: "" }, []))?.model.getArgs).toBeTypeOf("function");
  });

  for (const [name, answer] of Object.entries(answers)) {
    it(`${name}: the same request, parts and error`, async () => {
      const sdk = await viaSdk(answer);
      const ours = await viaReader(answer);
      expect(ours.sent).toEqual(sdk.sent);
      expect(ours.thrown).toEqual(sdk.thrown);
      if ("breakWith" in answer) {
        // When the body breaks, the SDK's chained streams drop the parts still in flight between
        // them; the reader has none in flight, so it may have handed on more of the same parts.
        expect(ours.parts.slice(0, sdk.parts.length)).toEqual(sdk.parts);
        expect(ours.parts).toContainEqual({ type: "text-delta", id: "txt-0", delta: "partial" });
      } else expect(ours.parts).toEqual(sdk.parts);
      // Each case exercises something: parts beyond the start, or an error.
      expect(sdk.parts.length > 1 || sdk.thrown !== undefined).toBe(true);
    });
  }
});
