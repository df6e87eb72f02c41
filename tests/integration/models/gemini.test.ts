/**
 * Google Gemini through the real @ai-sdk/google adapter in workerd, on recorded fixtures:
 * Gemini omits function-call ids, so the gateway assigns deterministic `gemini_<responseId>_<index>`
 * (docs/decisions/1001); the thought signature comes back unchanged on the next request
 * (issue [model-gateway] "Must show"; docs/spec/agent-runtime.md §8).
 */
import { describe, expect, it } from "vitest";
import calls from "../../fixtures/llm/gemini-function-calls.sse?raw";
import final from "../../fixtures/llm/gemini-final.json?raw";
import { createModelGateway } from "../../../src/adapters/llm/gateway";
import type { ModelMessage, ModelToolSpec } from "../../../src/domain/models/ir";
import { fixtureFetch, modelErrorOf } from "./helpers";

const SIGNATURE = "CiQB0e2Kb1VtRxH2bBfP0TDsBz3kq9Q2nQpNy3Xx5xqk2m9M0PoKYgHR7Ypv";
const RESPONSE_ID = "QW3xaMvCL4-Fz7IPpO2X4Qs";
const tool: ModelToolSpec = {
  alias: "get_weather",
  description: "Weather for a city",
  inputSchema: {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    additionalProperties: false,
    properties: { city: { $ref: "#/$defs/City" }, days: { type: ["integer", "null"] } },
    required: ["city"],
    $defs: { City: { type: "string", description: "City name" } },
  },
};
const ask: ModelMessage[] = [{ role: "user", parts: [{ type: "text", text: "Weather in Paris and Rome?" }] }];
const gatewayWith = (fetch: ReturnType<typeof fixtureFetch>["fetch"]) =>
  createModelGateway(
    {
      id: "c",
      provider: "google",
      baseUrl: null,
      modelId: "gemini-2.5-flash",
      apiKey: "AIza-secret-key-1234",
      defaults: {},
    },
    { fetch },
  );

describe("gemini gateway (recorded fixtures)", () => {
  it("two parallel calls without ids get gemini_<responseId>_<index>; the signature and ids come back unchanged", async () => {
    const peer = fixtureFetch([{ body: calls }, { body: final }]);
    const gateway = gatewayWith(peer.fetch);
    const first = await gateway.step({ messages: ask, tools: [tool] }, { stream: true });

    expect(first.toolCalls.map((c) => [c.id, JSON.parse(c.argumentsText)])).toEqual([
      [`gemini_${RESPONSE_ID}_0`, { city: "Paris" }],
      [`gemini_${RESPONSE_ID}_1`, { city: "Rome", days: 2 }],
    ]);
    expect(first.toolCalls[0]!.providerMetadata).toEqual({ google: { thoughtSignature: SIGNATURE } });
    expect(first.reasoning).toContain("call get_weather twice");
    expect(first.finishReason).toBe("tool-calls");
    expect(first.providerState).toMatchObject({ providerFormat: "gemini", lastResponseId: RESPONSE_ID });

    const sent1 = peer.requests[0]!;
    expect(sent1.url).toBe(
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
    );
    expect(sent1.url).not.toContain("AIza");
    // AI SDK 7 sends the schema as JSON Schema (`parametersJsonSchema`), exactly as our Gemini
    // sanitizer left it, with no OpenAPI conversion of its own (docs/decisions/2900, 1003).
    const declaration = sent1.body.tools[0].functionDeclarations[0];
    expect(declaration.parameters).toBeUndefined();
    const parameters = declaration.parametersJsonSchema;
    expect(JSON.stringify(parameters)).not.toMatch(/\$schema|\$defs|\$ref|additionalProperties/);
    expect(parameters).toEqual({
      type: "object",
      properties: { city: { type: "string", description: "City name" }, days: { type: "integer" } },
      required: ["city"],
    });

    const stored = JSON.parse(JSON.stringify(first.message)) as ModelMessage;
    const second = await gateway.step({
      messages: [
        ...ask,
        stored,
        {
          role: "tool",
          parts: first.toolCalls.map((call, i) => ({
            type: "toolResult" as const,
            result: { callId: call.id, alias: call.alias, content: i === 0 ? "sunny" : "cloudy" },
          })),
        },
      ],
      tools: [tool],
    });
    expect(second.text).toBe("Paris is sunny (24°C); Rome will be cloudy for two days.");

    const contents = peer.requests[1]!.body.contents;
    const modelTurn = contents.find((c: any) => c.role === "model");
    const functionCalls = modelTurn.parts.filter((p: any) => p.functionCall);
    expect(functionCalls[0]).toEqual({
      functionCall: { id: `gemini_${RESPONSE_ID}_0`, name: "get_weather", args: { city: "Paris" } },
      thoughtSignature: SIGNATURE,
    });
    expect(functionCalls[1].functionCall).toEqual({
      id: `gemini_${RESPONSE_ID}_1`,
      name: "get_weather",
      args: { city: "Rome", days: 2 },
    });
    const responses = contents.at(-1).parts.map((p: any) => p.functionResponse);
    expect(responses.map((r: any) => [r.id, r.name])).toEqual([
      [`gemini_${RESPONSE_ID}_0`, "get_weather"],
      [`gemini_${RESPONSE_ID}_1`, "get_weather"],
    ]);
  });

  it("ids Gemini does send are kept", async () => {
    const withIds = calls.replace(
      '"functionCall": {"name": "get_weather","args": {"city": "Paris"}}',
      '"functionCall": {"id": "fc_paris_1","name": "get_weather","args": {"city": "Paris"}}',
    );
    const peer = fixtureFetch([{ body: withIds }]);
    const response = await gatewayWith(peer.fetch).step({ messages: ask, tools: [tool] }, { stream: true });
    expect(response.toolCalls.map((c) => c.id)).toEqual(["fc_paris_1", `gemini_${RESPONSE_ID}_1`]);
  });

  it("non-streamed answers get the same deterministic ids", async () => {
    const json = {
      candidates: [
        {
          content: { role: "model", parts: [{ functionCall: { name: "get_weather", args: { city: "Oslo" } } }] },
          finishReason: "STOP",
          index: 0,
        },
      ],
      modelVersion: "gemini-2.5-flash",
      responseId: "r-json-1",
    };
    const peer = fixtureFetch([{ body: JSON.stringify(json) }]);
    const response = await gatewayWith(peer.fetch).step({ messages: ask, tools: [tool] }, { stream: false });
    expect(response.toolCalls[0]!.id).toBe("gemini_r-json-1_0");
  });

  it("429 RESOURCE_EXHAUSTED is retryable model.provider_rate_limited; SAFETY is a refusal", async () => {
    const peer = fixtureFetch([
      {
        status: 429,
        body: JSON.stringify({
          error: {
            code: 429,
            message: "Resource has been exhausted (e.g. check quota).",
            status: "RESOURCE_EXHAUSTED",
          },
        }),
      },
      { body: JSON.stringify({ candidates: [{ finishReason: "SAFETY", index: 0 }], responseId: "r-safety" }) },
    ]);
    const gateway = gatewayWith(peer.fetch);
    const limited = await modelErrorOf(() => gateway.step({ messages: ask }));
    expect([limited.code, limited.retryable]).toEqual(["model.provider_rate_limited", true]);
    expect((await modelErrorOf(() => gateway.step({ messages: ask }))).code).toBe("model.provider_refusal");
  });

  it("a schema reference that cannot be resolved fails the build with a clear code before any request", async () => {
    const peer = fixtureFetch([]);
    const broken: ModelToolSpec = {
      ...tool,
      inputSchema: { type: "object", properties: { a: { $ref: "https://example.com/a.json" } } },
    };
    const error = await modelErrorOf(() => gatewayWith(peer.fetch).step({ messages: ask, tools: [broken] }));
    expect(error.code).toBe("model.request_build_failed");
    expect(error.message).toContain("get_weather");
    expect(peer.requests).toHaveLength(0);
  });
});
