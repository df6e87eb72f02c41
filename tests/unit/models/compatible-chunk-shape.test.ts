/**
 * The hand check of plain chat-completion chunks (src/adapters/llm/compatible-chunk-shape.ts, ADR 3650)
 * against the pinned SDK's chunk schema: for every chunk a provider might send, the result is the one
 * the SDK's `safeParseJSON` gives (same value, same refusal mapping, same dropped keys, same failure),
 * and the chunks real providers send most are the ones checked by hand.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { safeParseJSON } from "@ai-sdk/provider-utils";
import { describe, expect, it } from "vitest";
import { parseCompatibleChunk, plainChunk } from "../../../src/adapters/llm/compatible-chunk-shape";
import { compatibleInternals } from "../../../src/adapters/llm/compatible-stream";

const model = createOpenAICompatible({ name: "test", baseURL: "http://127.0.0.1:9/v1" }).chatModel("m");
const schema = (() => {
  const chat = compatibleInternals(model);
  if (!chat) throw new Error("the pinned model no longer has the internals the stream reader uses");
  return chat.chunkSchema;
})();

/** Chunks as OpenAI, DeepSeek, OpenRouter, llama.cpp and the bench's scripted model send them. */
const COVERED: Record<string, unknown> = {
  "OpenAI first chunk": {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1733000000,
    model: "gpt-4o-mini",
    system_fingerprint: "fp_1",
    choices: [
      { index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null },
    ],
  },
  "text delta": { id: "c", choices: [{ index: 0, delta: { content: "你好，旅行者。" }, finish_reason: null }] },
  "reasoning delta (DeepSeek)": { id: "c", choices: [{ delta: { reasoning_content: "想一想…", content: null } }] },
  "reasoning delta (OpenRouter)": { id: "c", choices: [{ delta: { reasoning: "step", role: "" } }] },
  "refusal text": { id: "c", choices: [{ delta: { refusal: "I can't help with that." } }] },
  "tool call start": {
    id: "c",
    choices: [
      {
        index: 0,
        delta: {
          tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "roll_dice", arguments: "" } }],
        },
      },
    ],
  },
  "tool call arguments": {
    id: "c",
    choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '{"sides":' } }] } }],
  },
  "two parallel tool calls": {
    id: "c",
    choices: [
      {
        delta: {
          tool_calls: [
            { index: 0, id: "a", function: { name: "x", arguments: "{}" } },
            { index: 1, id: "b", function: { name: null, arguments: null } },
          ],
        },
      },
    ],
  },
  "finish without delta": { id: "c", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
  "null delta": { id: "c", choices: [{ delta: null, finish_reason: "stop" }] },
  "null tool_calls": { id: "c", choices: [{ delta: { content: "x", tool_calls: null } }] },
  "usage chunk": {
    id: "c",
    choices: [],
    usage: {
      prompt_tokens: 12,
      completion_tokens: 3,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 8, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 2, accepted_prediction_tokens: null },
      cost: 0.0001,
    },
  },
  "null usage": { id: "c", choices: [{ delta: { content: "x" } }], usage: null },
  "ids all null": { id: null, created: null, model: null, choices: [] },
};

/** Chunks the hand check leaves to the schema (which accepts some and refuses others). */
const UNCOVERED: Record<string, unknown> = {
  "error chunk": { error: { message: "overloaded", type: "server_error", code: 529 } },
  "array content": { id: "c", choices: [{ delta: { content: [{ type: "text", text: "hi" }] } }] },
  "thought signature": {
    id: "c",
    choices: [
      {
        delta: {
          tool_calls: [
            { index: 0, id: "a", function: { name: "x" }, extra_content: { google: { thought_signature: "sig" } } },
          ],
        },
      },
    ],
  },
  "numeric id": { id: 7, choices: [] },
  "unknown role": { id: "c", choices: [{ delta: { role: "tool", content: "x" } }] },
  "tool call without function": { id: "c", choices: [{ delta: { tool_calls: [{ index: 0, id: "a" }] } }] },
  "string arguments index": { id: "c", choices: [{ delta: { tool_calls: [{ index: "0", function: {} }] } }] },
  "choices not an array": { id: "c", choices: { 0: {} } },
  "usage with string tokens": { id: "c", choices: [], usage: { prompt_tokens: "12" } },
  "details not an object": { id: "c", choices: [], usage: { prompt_tokens_details: 3 } },
  "finish reason number": { id: "c", choices: [{ finish_reason: 1 }] },
  "array at the top": [],
  "a string": "data",
};

async function both(text: string) {
  const [ours, sdk] = await Promise.all([parseCompatibleChunk(text, schema), safeParseJSON({ text, schema })]);
  return { ours, sdk };
}

describe("plain chunk check vs the SDK's chunk schema", () => {
  it.each(Object.entries(COVERED))("%s: checked by hand, same value as the schema", async (_name, chunk) => {
    expect(plainChunk(chunk)).toBeDefined();
    const { ours, sdk } = await both(JSON.stringify(chunk));
    expect(sdk.success).toBe(true);
    expect(ours).toStrictEqual(sdk);
  });

  it.each(Object.entries(UNCOVERED))("%s: left to the schema, same result", async (_name, chunk) => {
    expect(plainChunk(chunk)).toBeUndefined();
    const { ours, sdk } = await both(JSON.stringify(chunk));
    expect(ours.success).toBe(sdk.success);
    if (ours.success && sdk.success) expect(ours.value).toStrictEqual(sdk.value);
    else if (!ours.success && !sdk.success) expect(ours.error.message).toBe(sdk.error.message);
  });

  it("refuses text that is not JSON with the SDK's JSON error", async () => {
    const { ours, sdk } = await both('{"id": "c", "choices": [');
    expect(ours.success).toBe(false);
    expect(sdk.success).toBe(false);
    if (!ours.success && !sdk.success) {
      expect(ours.error.name).toBe(sdk.error.name);
      expect(ours.error.message).toBe(sdk.error.message);
    }
  });

  it("refuses a prototype-polluting chunk as the SDK does", async () => {
    const { ours, sdk } = await both('{"id":"c","choices":[],"__proto__":{"polluted":true}}');
    expect(ours.success).toBe(false);
    expect(sdk.success).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("drops the keys the schema drops, and never changes the raw chunk", async () => {
    const chunk = COVERED["OpenAI first chunk"] as Record<string, unknown>;
    const text = JSON.stringify(chunk);
    const ours = await parseCompatibleChunk(text, schema);
    if (!ours.success) throw new Error("expected success");
    const [choice] = (ours.value as { choices: [Record<string, unknown>] }).choices;
    expect(Object.keys(choice).sort()).toEqual(["delta", "finish_reason"]);
    expect(choice.delta).toStrictEqual({ role: "assistant", content: "", refusal: undefined });
    expect(ours.rawValue).toStrictEqual(chunk);
    expect(JSON.stringify(ours.rawValue)).toBe(text);
  });
});
