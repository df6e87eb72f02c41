/**
 * buildCallOptions reuses what it derived from objects a run keeps between rounds (issue 31,
 * docs/decisions/3450): a tool schema is sanitized once per schema object, a replayed tool call's
 * arguments parsed once per call object; a changed schema or call is a new object and is derived
 * again, so a model never sees a stale schema or stale arguments.
 */
import { describe, expect, it } from "vitest";
import { buildCallOptions, type PromptTarget } from "../../../src/adapters/llm/prompt";
import type { ModelRequest, ModelToolCall } from "../../../src/domain/models/ir";

const openai: PromptTarget = {
  provider: "openai-compatible",
  metadataKey: "compatible",
  schemaFamily: "openai",
  defaults: {},
};
const anthropic: PromptTarget = {
  provider: "anthropic",
  metadataKey: "anthropic",
  schemaFamily: "anthropic",
  defaults: {},
};

function request(schema: Record<string, unknown>, call: ModelToolCall): ModelRequest {
  return {
    messages: [
      { role: "user", parts: [{ type: "text", text: "Go." }] },
      { role: "assistant", parts: [{ type: "toolCall", call }] },
      {
        role: "tool",
        parts: [{ type: "toolResult", result: { callId: call.id, alias: call.alias, content: "ok", isError: false } }],
      },
    ],
    tools: [{ alias: "lookup", description: "Look up", inputSchema: schema }],
  };
}

const toolOf = (options: ReturnType<typeof buildCallOptions>) =>
  (options.tools?.[0] as { inputSchema: Record<string, unknown> }).inputSchema;
const replayedOf = (options: ReturnType<typeof buildCallOptions>) =>
  (options.prompt[1]!.content as Array<{ input: unknown }>)[0]!.input;

describe("call options across rounds", () => {
  it("the same schema and call give the same derived values; changed ones give new values", () => {
    const schema = { type: "object", properties: { q: { type: "string", format: "uri" } }, required: ["q"] };
    const call: ModelToolCall = {
      id: "call_1",
      alias: "lookup",
      argumentsText: '{"q": "dragon", "n": 12345678901234567890}',
    };
    const first = buildCallOptions(request(schema, call), openai);
    const second = buildCallOptions(request(schema, call), openai);
    expect(toolOf(second)).toBe(toolOf(first));
    expect(replayedOf(second)).toBe(replayedOf(first));
    // Digits are kept exactly in the replayed text.
    expect(replayedOf(first)).toBe('{"q":"dragon","n":12345678901234567890}');

    // A new snapshot (a new schema object with another property) is sanitized again.
    const changed = { type: "object", properties: { q: { type: "string" }, lang: { type: "string" } } };
    const third = buildCallOptions(request(changed, call), openai);
    expect(Object.keys(toolOf(third).properties as object)).toEqual(["q", "lang"]);
    expect(Object.keys(toolOf(first).properties as object)).toEqual(["q"]);

    // Another call (new object, other arguments) is parsed again; another family gets its own form.
    const other: ModelToolCall = { id: "call_2", alias: "lookup", argumentsText: '{"q":"wyvern"}' };
    expect(replayedOf(buildCallOptions(request(schema, other), openai))).toBe('{"q":"wyvern"}');
    expect(replayedOf(buildCallOptions(request(schema, call), anthropic))).toMatchObject({ q: "dragon" });
    expect(replayedOf(buildCallOptions(request(schema, call), openai))).toBe(replayedOf(first));
  });
});
