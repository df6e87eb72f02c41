/**
 * `POST /agent/runs` without `promptSnapshot` (docs/decisions/1902): the server builds it with the
 * shared prompt builder — system prompt, card and persona first, tool turns left out, the last
 * reply left out for a swipe.
 */
import { describe, expect, it } from "vitest";
import { apiJson } from "../helpers";
import { rawSql } from "../mcp-gateway/gateway-helpers";
import { genFixture } from "./gen-helpers";

async function frozenSnapshot(userId: string, runId: string): Promise<any> {
  const rows = await rawSql(
    userId,
    "SELECT body FROM te_agent_docs WHERE run_id = ? AND name = 'input/prompt_snapshot.json' ORDER BY chunk",
    runId,
  );
  return JSON.parse(rows.map((r) => String(r.body)).join(""));
}

describe("agent runs: server-built prompt snapshot", () => {
  it("builds the snapshot from the chat when none is sent", async () => {
    const fx = await genFixture([], ["Hi", "Hello, traveller."]);
    await apiJson(`/api/v1/chats/${fx.chatId}/messages`, {
      token: fx.token,
      body: { role: "assistant", text: "", toolCalls: [{ id: "t1", name: "mcp__x__y", arguments: "{}" }] },
      expectStatus: 201,
    });
    await apiJson(`/api/v1/chats/${fx.chatId}/messages`, {
      token: fx.token,
      body: { role: "tool", text: '{"outcome":"known_response"}', toolCallId: "t1" },
      expectStatus: 201,
    });
    await apiJson(`/api/v1/chats/${fx.chatId}/messages`, {
      token: fx.token,
      body: { role: "user", text: "Write me a poem." },
      expectStatus: 201,
    });
    const handle = await apiJson("/api/v1/agent/runs", {
      token: fx.token,
      body: { stableChatId: fx.chatId, persona: { name: "Lin" } },
      expectStatus: 201,
    });
    const snapshot = await frozenSnapshot(fx.user.userId, handle.runId);
    expect(snapshot.chatCompletionPayload.messages).toEqual([
      { role: "system", content: "Character: Aria\n\nUser persona: Lin" },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello, traveller." },
      { role: "user", content: "Write me a poem." },
    ]);
  });

  it("a swipe run leaves the reply it swipes out of the snapshot", async () => {
    const fx = await genFixture([], ["Hi", "First reply."]);
    const handle = await apiJson("/api/v1/agent/runs", {
      token: fx.token,
      body: { stableChatId: fx.chatId, generationType: "swipe" },
      expectStatus: 201,
    });
    const snapshot = await frozenSnapshot(fx.user.userId, handle.runId);
    expect(snapshot.chatCompletionPayload.messages.map((m: any) => m.content)).toEqual(["Character: Aria", "Hi"]);
  });
});
