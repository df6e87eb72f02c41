/**
 * Regenerate, swipe and continue as SillyTavern does them (docs/spec/generation.md "Types"), and
 * Stop during the model stream (the text so far kept, marked partial).
 */
import { describe, expect, it } from "vitest";
import { apiJson, openSocket } from "../helpers";
import { everythingUrl } from "../mcp-gateway/gateway-helpers";
import { recorded } from "../models/helpers";
import { allowTools, genFixture, generate, messagesOf, waitEnded } from "./gen-helpers";

const lastContent = (body: any) => body.messages.at(-1);

describe("chat generation: regenerate, swipe, continue", () => {
  it("regenerate replaces the last reply (the model never sees the old one)", async () => {
    const fx = await genFixture([{ text: "A better reply." }], ["Hi", "Old reply"]);
    const before = await messagesOf(fx);
    const id = await generate(fx, { generationType: "regenerate" });
    const view = await waitEnded(fx, id);
    expect(view.status).toBe("completed");
    const after = await messagesOf(fx);
    expect(after.map((m) => m.text)).toEqual(["Hi", "A better reply."]);
    expect(after[1].messageId).not.toBe(before[1].messageId);
    const [request] = await recorded(fx.scriptId);
    expect(JSON.stringify(request!.body.messages)).not.toContain("Old reply");
    expect(lastContent(request!.body)).toMatchObject({ role: "user", content: "Hi" });
  });

  it("regenerate with tool calls saves them before the new reply and drops the old reply", async () => {
    const fx = await genFixture(
      [
        { toolCalls: [{ id: "c1", name: "mcp__Everything__echo", arguments: '{"message":"again"}' }] },
        { text: "Fresh reply." },
      ],
      ["Hi", "Old reply"],
    );
    await allowTools(fx.user, everythingUrl(), ["echo"]);
    const id = await generate(fx, { generationType: "regenerate" });
    expect((await waitEnded(fx, id)).status).toBe("completed");
    const after = await messagesOf(fx);
    expect(after.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(after.at(-1).text).toBe("Fresh reply.");
    expect(after.some((m) => m.text === "Old reply")).toBe(false);
  });

  it("swipe adds a selected swipe to the last reply, keeping the old text as swipe 0", async () => {
    const fx = await genFixture([{ text: "Another take." }], ["Hi", "First take."]);
    const before = await messagesOf(fx);
    const socket = await openSocket(fx.token);
    const id = await generate(fx, { generationType: "swipe" });
    expect((await waitEnded(fx, id)).status).toBe("completed");
    const after = await messagesOf(fx);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      messageId: before[1].messageId,
      text: "Another take.",
      swipes: ["First take.", "Another take."],
      swipeId: 1,
      revision: before[1].revision + 1,
    });
    const [request] = await recorded(fx.scriptId);
    expect(JSON.stringify(request!.body.messages)).not.toContain("First take.");
    const updated = await socket.waitFor(
      (f) => f.type === "chat.message_updated" && f.message.messageId === before[1].messageId,
    );
    expect(updated.message.swipeId).toBe(1);
  });

  it("a new alternative's reasoning is its own: one without reasoning does not inherit the last one's", async () => {
    const fx = await genFixture(
      [{ text: "Second take.", reasoning: "第二次：想一想。" }, { text: "Third take." }],
      ["Hi", "First take."],
    );
    for (const expected of [
      { text: "Second take.", reasoning: "第二次：想一想。" },
      { text: "Third take.", reasoning: undefined },
    ]) {
      const id = await generate(fx, { generationType: "swipe" });
      expect((await waitEnded(fx, id)).status).toBe("completed");
      const reply = (await messagesOf(fx)).at(-1);
      expect(reply.text).toBe(expected.text);
      expect(reply.extra?.reasoning).toBe(expected.reasoning);
    }
  });

  it("continue appends to the last reply, which the model receives as the message to continue", async () => {
    const fx = await genFixture([{ text: " and then the sun rose." }], ["Tell me", "The night was long"]);
    const id = await generate(fx, { generationType: "continue" });
    expect((await waitEnded(fx, id)).status).toBe("completed");
    const after = await messagesOf(fx);
    expect(after.map((m) => m.text)).toEqual(["Tell me", "The night was long and then the sun rose."]);
    const [request] = await recorded(fx.scriptId);
    expect(lastContent(request!.body)).toMatchObject({ role: "assistant", content: "The night was long" });
  });

  it("Stop during the stream keeps the text so far, marked partial; the provider sees the request closed", async () => {
    const fx = await genFixture([{ text: "Once upon a time there was a dragon", stallAfterChunks: 3 }]);
    const socket = await openSocket(fx.token);
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "Story?" } });
    await socket.waitFor((f) => f.type === "chat.generation_delta" && f.generationId === id);
    const live = await apiJson(`/api/v1/chats/${fx.chatId}/generations/${id}`, { token: fx.token, expectStatus: 200 });
    expect(live.status).toBe("running");
    expect(live.lastSeq).toBeGreaterThanOrEqual(1);
    await apiJson(`/api/v1/chats/${fx.chatId}/generations/${id}/stop`, {
      method: "POST",
      token: fx.token,
      expectStatus: 200,
    });
    const ended = await socket.waitFor((f) => f.type === "chat.generation_ended" && f.generationId === id);
    expect(ended.status).toBe("stopped");
    const last = (await messagesOf(fx)).at(-1);
    expect(last.role).toBe("assistant");
    expect(last.text.length).toBeGreaterThan(0);
    expect("Once upon a time there was a dragon".startsWith(last.text)).toBe(true);
    expect(last.extra.tauritavern.partial).toBe(true);
    expect(ended.messageIds).toEqual([last.messageId]);
  });

  it("a provider error ends the generation failed with the gateway's code, not retried", async () => {
    const fx = await genFixture([
      { error: { status: 429, message: "slow down", headers: { "retry-after": "7" } } },
      { text: "never asked" },
    ]);
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "Hi" } });
    const view = await waitEnded(fx, id);
    expect(view.status).toBe("failed");
    expect(view.error.code).toBe("model.provider_rate_limited");
    expect(view.error.message.length).toBeGreaterThan(0);
    expect(await recorded(fx.scriptId)).toHaveLength(1);
    expect((await messagesOf(fx)).map((m) => m.text)).toEqual(["Hello", "Hi"]);
  });
});
