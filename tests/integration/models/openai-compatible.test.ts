/**
 * The gateway in workerd against the scripted OpenAI-compatible peer over real loopback HTTP:
 * tool round trips, tool-call ids, arguments, parallel calls, errors and cancel
 * (issue [model-gateway] "Must show"; docs/spec/agent-runtime.md §7).
 */
import { describe, expect, it } from "vitest";
import type { ModelDelta, ModelMessage, ModelRequest, ModelToolSpec } from "../../../src/domain/models/ir";
import { createModelGateway } from "../../../src/adapters/llm/gateway";
import { loadScript, modelErrorOf, peerGateway, recorded } from "./helpers";

const weatherTool: ModelToolSpec = {
  alias: "get_weather",
  description: "Weather for a city",
  inputSchema: {
    type: "object",
    properties: { city: { type: "string" }, days: { type: "array" } },
    required: ["city"],
  },
};
const ask: ModelMessage[] = [
  { role: "system", parts: [{ type: "text", text: "You are terse." }] },
  { role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] },
];

describe("openai-compatible gateway (scripted peer)", () => {
  for (const stream of [true, false]) {
    it(`two-step tool round trip (${stream ? "streamed" : "JSON"}): the second request carries the call id, arguments and result`, async () => {
      const script = await loadScript([
        {
          reasoning: "Need weather.",
          toolCalls: [{ id: "call_A1", name: "get_weather", arguments: '{"city":"Paris","n":9007199254740993}' }],
        },
        { text: "It is sunny in Paris." },
      ]);
      const gateway = peerGateway(script);
      const deltas: ModelDelta[] = [];
      const first = await gateway.step(
        { messages: ask, tools: [weatherTool] },
        { stream, ...(stream ? { onDelta: (d) => deltas.push(d) } : {}) },
      );
      expect(first.finishReason).toBe("tool-calls");
      expect(first.toolCalls).toEqual([
        { id: "call_A1", alias: "get_weather", argumentsText: '{"city":"Paris","n":9007199254740993}' },
      ]);
      expect(first.reasoning).toBe("Need weather.");
      if (stream)
        expect(
          deltas
            .filter((d) => d.type === "reasoning")
            .map((d) => d.text)
            .join(""),
        ).toBe("Need weather.");
      expect(first.providerState).toMatchObject({ providerFormat: "openai_compatible", messageCursor: 2 });

      const second: ModelRequest = {
        messages: [
          ...ask,
          first.message,
          {
            role: "tool",
            parts: [
              { type: "toolResult", result: { callId: "call_A1", alias: "get_weather", content: "sunny, 24°C" } },
            ],
          },
        ],
        tools: [weatherTool],
      };
      const reply = await gateway.step(second, { stream });
      expect(reply.text).toBe("It is sunny in Paris.");
      expect(reply.finishReason).toBe("stop");
      expect(reply.toolCalls).toEqual([]);

      const requests = await recorded(script);
      expect(requests).toHaveLength(2);
      expect(requests[0]!.stream).toBe(stream);
      expect(requests[0]!.authorization).toBe("Bearer sk-test-0123456789");
      expect(requests[0]!.body.tools[0].function.parameters.properties.days).toEqual({ type: "array", items: {} });
      const messages = requests[1]!.body.messages;
      const assistant = messages.find((m: any) => m.role === "assistant");
      expect(assistant.tool_calls[0]).toMatchObject({ id: "call_A1", function: { name: "get_weather" } });
      expect(assistant.tool_calls[0].function.arguments).toContain("9007199254740993");
      expect(messages.at(-1)).toEqual({ role: "tool", tool_call_id: "call_A1", content: "sunny, 24°C" });
    });
  }

  for (const stream of [true, false]) {
    it(`a tool call without an id → model.invalid_tool_call, never a made-up id (${stream ? "streamed" : "JSON"})`, async () => {
      const script = await loadScript([
        { toolCalls: [{ id: null, name: "get_weather", arguments: '{"city":"Oslo"}' }] },
      ]);
      const error = await modelErrorOf(() =>
        peerGateway(script).step({ messages: ask, tools: [weatherTool] }, { stream }),
      );
      expect(error.code).toBe("model.invalid_tool_call");
      expect(error.retryable).toBe(false);
      expect(error.message).toContain("without an id");
    });
  }

  it("empty-string arguments become {}", async () => {
    const script = await loadScript([{ toolCalls: [{ id: "call_E", name: "get_weather", arguments: "" }] }]);
    const response = await peerGateway(script).step({ messages: ask, tools: [weatherTool] }, { stream: true });
    expect(response.toolCalls[0]).toMatchObject({ id: "call_E", argumentsText: "{}" });
    expect(response.toolCalls[0]!.argumentsError).toBeUndefined();
  });

  for (const stream of [true, false]) {
    it(`invalid JSON arguments are kept raw and reported (${stream ? "streamed" : "JSON"})`, async () => {
      const script = await loadScript([
        { toolCalls: [{ id: "call_X", name: "get_weather", arguments: '{"city": "Par' }] },
      ]);
      const response = await peerGateway(script).step({ messages: ask, tools: [weatherTool] }, { stream });
      expect(response.toolCalls[0]).toMatchObject({ id: "call_X", argumentsText: '{"city": "Par' });
      expect(response.toolCalls[0]!.argumentsError).toContain("must be a JSON object");
    });
  }

  it("two parallel tool calls interleaved in one stream are reassembled by index", async () => {
    const script = await loadScript([
      {
        interleave: true,
        toolCalls: [
          { id: "call_P1", name: "get_weather", arguments: '{"city":"Paris","unit":"c"}' },
          { id: "call_P2", name: "get_weather", arguments: '{"city":"Rome","unit":"f"}' },
        ],
      },
    ]);
    const response = await peerGateway(script).step({ messages: ask, tools: [weatherTool] }, { stream: true });
    expect(response.toolCalls.map((c) => [c.id, JSON.parse(c.argumentsText)])).toEqual([
      ["call_P1", { city: "Paris", unit: "c" }],
      ["call_P2", { city: "Rome", unit: "f" }],
    ]);
    expect(response.message.parts.filter((p) => p.type === "toolCall")).toHaveLength(2);
  });

  it("429 is surfaced as retryable model.provider_rate_limited with no hidden retry", async () => {
    const script = await loadScript([
      { error: { status: 429, message: "Rate limit reached", headers: { "retry-after": "2" } } },
      { text: "should not be reached" },
    ]);
    const error = await modelErrorOf(() => peerGateway(script).step({ messages: ask }, { stream: true }));
    expect(error.code).toBe("model.provider_rate_limited");
    expect(error.retryable).toBe(true);
    expect(error.details).toMatchObject({ status: 429, retryAfterMs: 2000, retryable: true });
    expect(await recorded(script)).toHaveLength(1);
  });

  it("maps 5xx, 401, other 4xx, unreadable bodies and stream errors to model.* codes", async () => {
    const script = await loadScript([
      { error: { status: 503, message: "overloaded" } },
      { error: { status: 401, message: "Incorrect API key provided: sk-test-0123456789" } },
      { error: { status: 400, message: "Unknown parameter" } },
      { rawBody: "<html>gateway</html>" },
      { text: "partial", streamError: { message: "upstream died" } },
    ]);
    const gateway = peerGateway(script);
    const codes = [];
    for (const stream of [false, false, false, false, true]) {
      const error = await modelErrorOf(() => gateway.step({ messages: ask }, { stream }));
      codes.push([error.code, error.retryable]);
      expect(error.message).not.toContain("sk-test-0123456789");
    }
    expect(codes).toEqual([
      ["model.request_failed", true],
      ["model.provider_denied", false],
      ["model.provider_rejected", false],
      ["model.upstream_invalid_response", true],
      ["model.stream_failed", true],
    ]);
    expect(await recorded(script)).toHaveLength(5);
  });

  it("length → model.output_truncated and refusal → model.provider_refusal (terminal reasons first)", async () => {
    const script = await loadScript([
      { text: "cut", finishReason: "length", toolCalls: [{ id: null, name: "get_weather" }] },
      { refusal: "I can't help with that.", finishReason: "content_filter" },
    ]);
    const gateway = peerGateway(script);
    expect(
      (await modelErrorOf(() => gateway.step({ messages: ask, tools: [weatherTool] }, { stream: true }))).code,
    ).toBe("model.output_truncated");
    const refusal = await modelErrorOf(() => gateway.step({ messages: ask }, { stream: false }));
    expect([refusal.code, refusal.retryable]).toEqual(["model.provider_refusal", false]);
  });

  it("cancel during a stream ends the step with model.cancelled", async () => {
    const script = await loadScript([{ text: "one two three four five six", stallAfterChunks: 3 }]);
    const controller = new AbortController();
    const deltas: ModelDelta[] = [];
    const pending = peerGateway(script).step(
      { messages: ask },
      {
        signal: controller.signal,
        onDelta: (d) => {
          deltas.push(d);
          controller.abort();
        },
      },
    );
    const error = await modelErrorOf(() => pending);
    expect(error.code).toBe("model.cancelled");
    expect(deltas.length).toBeGreaterThan(0);
  });

  it("cancel while waiting for a non-streamed answer ends the step with model.cancelled", async () => {
    const script = await loadScript([{ text: "late", delayMs: 5000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await modelErrorOf(() =>
      peerGateway(script).step({ messages: ask }, { signal: controller.signal, stream: false }),
    );
    expect(error.code).toBe("model.cancelled");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("a step past its timeoutMs is a retryable model.request_failed, not a cancel", async () => {
    const script = await loadScript([{ text: "late", delayMs: 5000 }]);
    const error = await modelErrorOf(() =>
      peerGateway(script).step({ messages: ask }, { timeoutMs: 150, stream: true }),
    );
    expect([error.code, error.retryable]).toEqual(["model.request_failed", true]);
    expect(error.details).toMatchObject({ timeoutMs: 150 });
  });

  it("an already aborted signal never sends the request", async () => {
    const script = await loadScript([{ text: "x" }]);
    const controller = new AbortController();
    controller.abort();
    expect(
      (await modelErrorOf(() => peerGateway(script).step({ messages: ask }, { signal: controller.signal }))).code,
    ).toBe("model.cancelled");
    expect(await recorded(script)).toHaveLength(0);
  });

  it("an endpoint that cannot be reached is a retryable model.request_failed", async () => {
    const gateway = createModelGateway({
      id: "c",
      provider: "openai-compatible",
      baseUrl: "http://127.0.0.1:9/v1",
      modelId: "m",
      apiKey: "",
      defaults: {},
    });
    const error = await modelErrorOf(() => gateway.step({ messages: ask }));
    expect([error.code, error.retryable]).toEqual(["model.request_failed", true]);
  });

  it("a thought signature from Gemini's OpenAI-compatible endpoint is replayed where the SDK reads it", async () => {
    const script = await loadScript([{ text: "ok" }]);
    const call = {
      id: "call_G",
      alias: "get_weather",
      argumentsText: "{}",
      providerMetadata: { compatible: { thoughtSignature: "sig-123" } },
    };
    await peerGateway(script).step({
      messages: [
        ...ask,
        { role: "assistant", parts: [{ type: "toolCall", call }] },
        {
          role: "tool",
          parts: [{ type: "toolResult", result: { callId: "call_G", alias: "get_weather", content: "x" } }],
        },
      ],
      tools: [weatherTool],
    });
    const [request] = await recorded(script);
    expect(request!.body.messages[2].tool_calls[0].extra_content).toEqual({ google: { thought_signature: "sig-123" } });
  });

  it("a redirect is refused, not followed", async () => {
    const script = await loadScript([{ text: "x" }]);
    const error = await modelErrorOf(() => peerGateway(script, { path: "/redirect/v1" }).step({ messages: ask }));
    expect([error.code, error.retryable]).toEqual(["model.request_failed", false]);
    expect(error.message).toContain("redirect");
    expect(await recorded(script)).toHaveLength(0);
  });

  it("the peer rejects an unanswered tool call like a real provider (400 → model.provider_rejected)", async () => {
    const script = await loadScript([{ text: "x" }]);
    const messages: ModelMessage[] = [
      ...ask,
      {
        role: "assistant",
        parts: [{ type: "toolCall", call: { id: "call_Z", alias: "get_weather", argumentsText: "{}" } }],
      },
    ];
    const error = await modelErrorOf(() => peerGateway(script).step({ messages, tools: [weatherTool] }));
    expect(error.code).toBe("model.provider_rejected");
    expect(error.message).toContain("call_Z");
  });

  it("the OpenAI provider (Chat Completions) uses the same id check", async () => {
    const script = await loadScript([
      { toolCalls: [{ id: null, name: "get_weather", arguments: "{}" }] },
      { toolCalls: [{ id: "call_O", name: "get_weather", arguments: "{}" }] },
    ]);
    const gateway = peerGateway(script, { provider: "openai" });
    expect(
      (await modelErrorOf(() => gateway.step({ messages: ask, tools: [weatherTool] }, { stream: true }))).code,
    ).toBe("model.invalid_tool_call");
    expect((await gateway.step({ messages: ask, tools: [weatherTool] }, { stream: true })).toolCalls[0]!.id).toBe(
      "call_O",
    );
  });
});
