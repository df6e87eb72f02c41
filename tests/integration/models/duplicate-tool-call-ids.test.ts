/**
 * Two tool calls sharing an id in one response (ADR 1471): the adapter refuses the step with
 * `model.invalid_tool_call` (not retryable, `details.toolCallId`), at the same depth as the
 * missing-id check (src/adapters/llm/decode.ts), so every provider is covered.
 */
import { describe, expect, it } from "vitest";
import type { ModelMessage, ModelToolSpec } from "../../../src/domain/models/ir";
import { loadScript, modelErrorOf, peerGateway } from "./helpers";

const weatherTool: ModelToolSpec = {
  alias: "get_weather",
  description: "Weather for a city",
  inputSchema: { type: "object", properties: { city: { type: "string" } } },
};
const ask: ModelMessage[] = [{ role: "user", parts: [{ type: "text", text: "Weather in Paris and Oslo?" }] }];

describe("model gateway: duplicate tool-call ids in one turn", () => {
  for (const stream of [true, false]) {
    it(`two calls with the same id → model.invalid_tool_call (${stream ? "streamed" : "JSON"})`, async () => {
      const script = await loadScript([
        {
          toolCalls: [
            { id: "call_D", name: "get_weather", arguments: '{"city":"Paris"}' },
            { id: "call_D", name: "get_weather", arguments: '{"city":"Oslo"}' },
          ],
        },
      ]);
      const error = await modelErrorOf(() =>
        peerGateway(script).step({ messages: ask, tools: [weatherTool] }, { stream }),
      );
      expect([error.code, error.retryable]).toEqual(["model.invalid_tool_call", false]);
      expect(error.details).toMatchObject({ toolCallId: "call_D" });
      expect(error.message).toContain('same id "call_D"');
    });
  }

  it("distinct ids in one turn are accepted (control)", async () => {
    const script = await loadScript([
      {
        toolCalls: [
          { id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "call_2", name: "get_weather", arguments: '{"city":"Oslo"}' },
        ],
      },
    ]);
    const response = await peerGateway(script).step({ messages: ask, tools: [weatherTool] }, { stream: false });
    expect(response.toolCalls.map((c) => c.id)).toEqual(["call_1", "call_2"]);
  });
});
