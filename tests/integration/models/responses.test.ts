/**
 * OpenAI Responses (over HTTP) through the real @ai-sdk/openai adapter in workerd, on recorded
 * fixtures: `previous_response_id` continuation from provider_state (only new, non-assistant
 * messages sent) and the full-replay path where reasoning item ids travel as item references
 * (issue [model-gateway] "Must show"; docs/spec/agent-runtime.md §8; docs/decisions/1002).
 */
import { describe, expect, it } from "vitest";
import functionCall from "../../fixtures/llm/responses-function-call.sse?raw";
import final from "../../fixtures/llm/responses-final.json?raw";
import { createModelGateway } from "../../../src/adapters/llm/gateway";
import type { ModelMessage, ModelResponse, ModelToolSpec } from "../../../src/domain/models/ir";
import { fixtureFetch, modelErrorOf } from "./helpers";

const RESPONSE_ID = "resp_68c1f0a2b4d08190a1";
const CALL_ID = "call_Yx1SiKlRyWdOVSYxVEXMeHFp";
const tool: ModelToolSpec = {
  alias: "get_weather",
  description: "Weather for a city",
  inputSchema: { type: "object", properties: { city: { type: "string" }, tags: { type: "array" } } },
};
const ask: ModelMessage[] = [
  { role: "system", parts: [{ type: "text", text: "Be brief." }] },
  { role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] },
];
const gatewayWith = (fetch: ReturnType<typeof fixtureFetch>["fetch"]) =>
  createModelGateway(
    {
      id: "c",
      provider: "openai-responses",
      baseUrl: null,
      modelId: "gpt-5-mini",
      apiKey: "sk-proj-secret-1234",
      defaults: {},
    },
    { fetch },
  );

function toolTurn(first: ModelResponse): ModelMessage[] {
  const stored = JSON.parse(JSON.stringify(first.message)) as ModelMessage;
  return [
    ...ask,
    stored,
    {
      role: "tool",
      parts: [{ type: "toolResult", result: { callId: CALL_ID, alias: "get_weather", content: "sunny" } }],
    },
  ];
}

describe("openai responses gateway (recorded fixtures)", () => {
  it("second step continues with previous_response_id and sends only the tool output", async () => {
    const peer = fixtureFetch([{ body: functionCall }, { body: final }]);
    const gateway = gatewayWith(peer.fetch);
    const first = await gateway.step(
      { messages: ask, tools: [tool], providerState: { sessionId: "run_1" } },
      { stream: true },
    );

    expect(first.toolCalls).toHaveLength(1);
    expect(first.toolCalls[0]).toMatchObject({
      id: CALL_ID,
      alias: "get_weather",
      argumentsText: '{"city":"Paris"}',
      providerMetadata: { openai: { itemId: "fc_68c1f0a4d2f48190c3" } },
    });
    expect(first.message.parts[0]).toMatchObject({
      type: "reasoning",
      text: "Looking up the weather for Paris.",
      providerMetadata: {
        openai: { itemId: "rs_68c1f0a3c1e88190b2", reasoningEncryptedContent: "gAAAAABowfCjX2k1Zr0b9pQ==" },
      },
    });
    expect(first.providerState).toEqual({
      sessionId: "run_1",
      providerFormat: "openai_responses",
      messageCursor: 2,
      lastResponseId: RESPONSE_ID,
      previousResponseId: RESPONSE_ID,
    });
    expect(peer.requests[0]!.url).toBe("https://api.openai.com/v1/responses");
    expect(peer.requests[0]!.body.tools[0].parameters.properties.tags).toEqual({ type: "array", items: {} });

    const second = await gateway.step({ messages: toolTurn(first), tools: [tool], providerState: first.providerState });
    expect(second.text).toBe("It is sunny in Paris.");
    expect(second.providerState.previousResponseId).toBe("resp_68c1f0b7e5a08190d4");

    const body = peer.requests[1]!.body;
    expect(body.previous_response_id).toBe(RESPONSE_ID);
    expect(body.input).toEqual([{ type: "function_call_output", call_id: CALL_ID, output: "sunny" }]);
  });

  it("without provider state the full history is replayed with the reasoning item id", async () => {
    const peer = fixtureFetch([{ body: functionCall }, { body: final }]);
    const gateway = gatewayWith(peer.fetch);
    const first = await gateway.step({ messages: ask, tools: [tool] }, { stream: true });
    await gateway.step({ messages: toolTurn(first), tools: [tool] });

    const input = peer.requests[1]!.body.input;
    expect(peer.requests[1]!.body.previous_response_id).toBeUndefined();
    expect(input).toContainEqual({ type: "item_reference", id: "rs_68c1f0a3c1e88190b2" });
    expect(input).toContainEqual(
      expect.objectContaining({
        type: "function_call",
        call_id: CALL_ID,
        name: "get_weather",
        arguments: '{"city":"Paris"}',
      }),
    );
    expect(input.at(-1)).toEqual({ type: "function_call_output", call_id: CALL_ID, output: "sunny" });
  });

  it("a provider_state cursor beyond the conversation fails the build", async () => {
    const peer = fixtureFetch([]);
    const error = await modelErrorOf(() =>
      gatewayWith(peer.fetch).step({
        messages: ask,
        providerState: { previousResponseId: RESPONSE_ID, messageCursor: 9 },
      }),
    );
    expect(error.code).toBe("model.request_build_failed");
    expect(peer.requests).toHaveLength(0);
  });

  it("tool calls without item ids → model.native_metadata_lost", async () => {
    const noItems = functionCall.replaceAll("fc_68c1f0a4d2f48190c3", "");
    const peer = fixtureFetch([{ body: noItems }]);
    const error = await modelErrorOf(() =>
      gatewayWith(peer.fetch).step({ messages: ask, tools: [tool] }, { stream: true }),
    );
    expect([error.code, error.retryable]).toEqual(["model.native_metadata_lost", false]);
  });

  it("incomplete: max_output_tokens → model.output_truncated", async () => {
    const cut = JSON.parse(final);
    cut.status = "incomplete";
    cut.incomplete_details = { reason: "max_output_tokens" };
    const peer = fixtureFetch([{ body: JSON.stringify(cut) }]);
    expect((await modelErrorOf(() => gatewayWith(peer.fetch).step({ messages: ask }))).code).toBe(
      "model.output_truncated",
    );
  });
});
