/**
 * An empty final answer after a tool turn shows no bubble (web/src/chats/message-meta.ts
 * `isEmptyAfterTools`; docs/spec/generation.md §6): chats saved before the server stopped saving
 * one must not show an empty assistant bubble with Edit/Delete.
 */
import { describe, expect, it } from "vitest";
import { isEmptyAfterTools } from "../../../web/src/chats/message-meta";
import type { ChatMessage } from "../../../web/src/chats/types";

const msg = (role: ChatMessage["role"], text: string, more: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId: `m-${role}-${text}`,
  index: 0,
  revision: 1,
  role,
  name: role,
  text,
  sendDate: "2026-12-01T00:00:00.000Z",
  extra: {},
  ...more,
});

describe("empty answer after tools", () => {
  const tool = msg("tool", '{"outcome":"known_response"}', { toolCallId: "c1" });

  it("hides an empty assistant reply right after a tool row", () => {
    expect(isEmptyAfterTools(msg("assistant", ""), tool)).toBe(true);
    expect(isEmptyAfterTools(msg("assistant", "  \n"), tool)).toBe(true);
  });

  it("keeps replies with text, reasoning, tool calls, a notice or several swipes, and empty replies not after tools", () => {
    expect(isEmptyAfterTools(msg("assistant", "Done."), tool)).toBe(false);
    expect(isEmptyAfterTools(msg("assistant", "", { extra: { reasoning: "thinking" } }), tool)).toBe(false);
    expect(
      isEmptyAfterTools(msg("assistant", "", { toolCalls: [{ id: "c2", name: "x", arguments: "{}" }] }), tool),
    ).toBe(false);
    expect(isEmptyAfterTools(msg("assistant", "", { extra: { tauritavern: { partial: true } } }), tool)).toBe(false);
    expect(isEmptyAfterTools(msg("assistant", "", { swipes: ["", "b"], swipeId: 0 }), tool)).toBe(false);
    expect(isEmptyAfterTools(msg("assistant", ""), msg("user", "Hi"))).toBe(false);
    expect(isEmptyAfterTools(msg("assistant", ""), undefined)).toBe(false);
  });
});
