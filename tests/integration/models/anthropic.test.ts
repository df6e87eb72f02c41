/**
 * Anthropic Messages through the real @ai-sdk/anthropic adapter in workerd, on recorded fixtures:
 * the thinking block and its signature travel opaque and come back unchanged on the next request,
 * with the tool_use id and the tool_result (issue [model-gateway] "Must show"; docs/spec/agent-runtime.md §8).
 */
import { describe, expect, it } from "vitest";
import toolUse from "../../fixtures/llm/anthropic-tool-use.sse?raw";
import final from "../../fixtures/llm/anthropic-final.json?raw";
import { createModelGateway } from "../../../src/adapters/llm/gateway";
import type { ModelDelta, ModelMessage, ModelToolSpec } from "../../../src/domain/models/ir";
import { fixtureFetch, modelErrorOf } from "./helpers";

const SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds4l8oyLzoHmQ+SqUBzzPVSx1Aw==";
const tool: ModelToolSpec = {
  alias: "get_weather",
  description: "Weather for a city",
  inputSchema: {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "urn:weather",
    type: "object",
    properties: { city: { type: "string" } },
  },
};
const ask: ModelMessage[] = [
  { role: "system", parts: [{ type: "text", text: "Be brief." }] },
  { role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] },
];
const gatewayWith = (fetch: ReturnType<typeof fixtureFetch>["fetch"]) =>
  createModelGateway(
    {
      id: "c",
      provider: "anthropic",
      baseUrl: null,
      modelId: "claude-sonnet-4-5",
      apiKey: "sk-ant-secret-key-1234",
      defaults: { maxOutputTokens: 2048 },
    },
    { fetch },
  );

describe("anthropic gateway (recorded fixtures)", () => {
  it("two-step tool round trip replays the thinking signature, tool_use id and result unchanged", async () => {
    const peer = fixtureFetch([{ body: toolUse }, { body: final }]);
    const gateway = gatewayWith(peer.fetch);
    const deltas: ModelDelta[] = [];
    const first = await gateway.step({ messages: ask, tools: [tool] }, { onDelta: (d) => deltas.push(d) });

    expect(first.toolCalls).toEqual([
      { id: "toolu_01A09q90qw90lq917835lq9", alias: "get_weather", argumentsText: '{"city": "Paris", "unit": "c"}' },
    ]);
    expect(first.reasoning).toBe("The user asks about Paris weather. I should call get_weather.");
    expect(first.text).toBe("Let me check the weather.");
    expect(first.message.parts[0]).toMatchObject({
      type: "reasoning",
      providerMetadata: { anthropic: { signature: SIGNATURE } },
    });
    expect(first.providerState).toMatchObject({
      providerFormat: "claude_messages",
      lastResponseId: "msg_01XFDUDYJgAACzvnptvVoYEL",
    });
    expect(deltas.map((d) => d.type)).toContain("reasoning");
    expect(first.usage).toMatchObject({ inputTokens: 472, outputTokens: 89 });

    const sent1 = peer.requests[0]!;
    expect(sent1.url).toBe("https://api.anthropic.com/v1/messages");
    expect(sent1.headers["x-api-key"]).toBe("sk-ant-secret-key-1234");
    expect(sent1.body.tools[0].input_schema).toEqual({ type: "object", properties: { city: { type: "string" } } });

    // The runtime stores the message as JSON and sends it back later.
    const stored = JSON.parse(JSON.stringify(first.message)) as ModelMessage;
    const second = await gateway.step(
      {
        messages: [
          ...ask,
          stored,
          {
            role: "tool",
            parts: [
              {
                type: "toolResult",
                result: { callId: "toolu_01A09q90qw90lq917835lq9", alias: "get_weather", content: "sunny, 24°C" },
              },
            ],
          },
        ],
        tools: [tool],
      },
      { stream: false },
    );
    expect(second.text).toBe("It is sunny in Paris, 24°C.");
    expect(second.finishReason).toBe("stop");

    const messages = peer.requests[1]!.body.messages;
    expect(messages[1]).toEqual({
      role: "assistant",
      content: [
        {
          type: "thinking",
          thinking: "The user asks about Paris weather. I should call get_weather.",
          signature: SIGNATURE,
        },
        { type: "text", text: "Let me check the weather." },
        {
          type: "tool_use",
          id: "toolu_01A09q90qw90lq917835lq9",
          name: "get_weather",
          input: { city: "Paris", unit: "c" },
        },
      ],
    });
    expect(messages[2].role).toBe("user");
    expect(messages[2].content[0]).toMatchObject({
      type: "tool_result",
      tool_use_id: "toolu_01A09q90qw90lq917835lq9",
      content: "sunny, 24°C",
    });
  });

  it("maps Anthropic's 529 overloaded and 401 errors", async () => {
    const peer = fixtureFetch([
      {
        status: 529,
        body: JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
      },
      {
        status: 401,
        body: JSON.stringify({ type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }),
      },
    ]);
    const gateway = gatewayWith(peer.fetch);
    const overloaded = await modelErrorOf(() => gateway.step({ messages: ask }));
    expect([overloaded.code, overloaded.retryable]).toEqual(["model.request_failed", true]);
    const denied = await modelErrorOf(() => gateway.step({ messages: ask }));
    expect([denied.code, denied.retryable]).toEqual(["model.provider_denied", false]);
    expect(peer.requests).toHaveLength(2);
  });

  it("stop_reason refusal → model.provider_refusal", async () => {
    const refusal = JSON.parse(final);
    refusal.stop_reason = "refusal";
    const peer = fixtureFetch([{ body: JSON.stringify(refusal) }]);
    expect((await modelErrorOf(() => gatewayWith(peer.fetch).step({ messages: ask }))).code).toBe(
      "model.provider_refusal",
    );
  });

  it("stop_reason max_tokens → model.output_truncated", async () => {
    const cut = JSON.parse(final);
    cut.stop_reason = "max_tokens";
    const peer = fixtureFetch([{ body: JSON.stringify(cut) }]);
    expect((await modelErrorOf(() => gatewayWith(peer.fetch).step({ messages: ask }))).code).toBe(
      "model.output_truncated",
    );
  });
});
