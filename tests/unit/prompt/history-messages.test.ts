/** Tool turns in the prompt history (docs/spec/generation.md "Prompt"): pairs kept whole, orphans dropped, Agent runs without tools. */
import { describe, expect, it } from "vitest";
import { historyMessages, systemText, type HistoryRow } from "../../../src/domain/prompt/prompt-parts";

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  messageId: Math.random().toString(36),
  role: "user",
  name: "User",
  text: "",
  toolCalls: null,
  toolCallId: null,
  extra: {},
  ...over,
});

describe("history messages", () => {
  const rows = [
    row({ role: "tool", toolCallId: "orphan", text: "{}" }),
    row({ role: "user", text: "Echo hi" }),
    row({
      role: "assistant",
      text: "Checking.",
      toolCalls: [{ id: "c1", name: "mcp__s__echo", arguments: '{"m":1}' }],
    }),
    row({
      role: "tool",
      toolCallId: "c1",
      text: '{"outcome":"known_response"}',
      extra: { tauritavern: { tool: { isError: true } } },
    }),
    row({ role: "assistant", text: "Done." }),
    row({ role: "assistant", text: "Dangling", toolCalls: [{ id: "c9", name: "x", arguments: "{}" }] }),
  ];

  it("keeps answered tool calls with their results and drops orphans and unanswered calls", () => {
    const out = historyMessages(rows, true);
    expect(out.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "assistant"]);
    expect(out[1]!.parts).toEqual([
      { type: "text", text: "Checking." },
      { type: "toolCall", call: { id: "c1", alias: "mcp__s__echo", argumentsText: '{"m":1}' } },
    ]);
    expect(out[2]!.parts[0]).toMatchObject({
      type: "toolResult",
      result: { callId: "c1", alias: "mcp__s__echo", isError: true },
    });
    expect(out[4]!.parts).toEqual([{ type: "text", text: "Dangling" }]);
  });

  it("Agent runs (includeTools false) keep only text turns", () => {
    const out = historyMessages(rows, false);
    expect(out.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["text"]],
      ["assistant", ["text"]],
      ["assistant", ["text"]],
    ]);
  });

  it("the system text holds the prompt, the card fields that are set and the persona", () => {
    expect(
      systemText(
        { systemPrompt: " Be kind. ", character: { name: "Aria", description: "A bard", scenario: "" } },
        { name: "Lin", description: "A traveller" },
      ),
    ).toBe("Be kind.\n\nCharacter: Aria\nDescription: A bard\n\nUser persona: Lin\nA traveller");
  });
});
