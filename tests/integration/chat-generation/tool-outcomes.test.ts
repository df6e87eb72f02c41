/**
 * MCP calls inside a chat generation (docs/spec/generation.md "Tools"): a call that never answers
 * ends OutcomeUnknown (notice kept, no tool row fabricated, nothing retried); Stop while a call is
 * in flight leaves no tool call without its result; two servers whose aliases collide get `__2`
 * and the alias the model picks reaches the right server.
 */
import { describe, expect, it } from "vitest";
import { apiJson, openSocket } from "../helpers";
import { everythingUrl, hostileUrl, modernUrl, recorded as peerRecorded } from "../mcp-gateway/gateway-helpers";
import { recorded } from "../models/helpers";
import { allowTools, genFixture, generate, messagesOf, waitEnded } from "./gen-helpers";

/** Every assistant tool call has its tool row right after it. */
function expectPaired(messages: any[]): void {
  messages.forEach((m, i) => {
    for (const [k, call] of (m.toolCalls ?? []).entries()) {
      expect(messages[i + 1 + k]?.role).toBe("tool");
      expect(messages[i + 1 + k]?.toolCallId).toBe(call.id);
    }
  });
}

async function waitForCall(route: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const calls = await peerRecorded("mcp-hostile", route);
    if (calls.some((r) => r.rpcMethod === "tools/call")) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error("the server never received tools/call");
}

describe("chat generation: MCP outcomes", () => {
  it("OutcomeUnknown keeps the round's text with the notice, saves no tool row and sends nothing more", async () => {
    const tag = `ou-${Date.now()}`;
    const fx = await genFixture([
      { text: "Trying the tool. ", toolCalls: [{ id: "c_never", name: "mcp__Hostile__never", arguments: "{}" }] },
      { text: "must not be requested" },
    ]);
    const registrationId = await allowTools(fx.user, hostileUrl("calls", tag), ["never"], "Hostile");
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "Use it" } });
    const view = await waitEnded(fx, id);
    expect(view.status).toBe("failed");
    expect(view.error.code).toBe("mcp.call_timeout");
    expect(view.error.message).toContain("may have run");
    const messages = await messagesOf(fx);
    expect(messages.map((m) => m.role)).toEqual(["user", "user", "assistant"]);
    const last = messages.at(-1);
    expect(last.text).toBe("Trying the tool. ");
    expect(last.toolCalls).toBeUndefined();
    expect(last.extra.tauritavern.outcomeUnknown).toEqual([
      {
        callId: "c_never",
        toolId: `mcp/${registrationId}:never`,
        alias: "mcp__Hostile__never",
        at: expect.any(String),
      },
    ]);
    expect(await recorded(fx.scriptId)).toHaveLength(1);
    expect(
      (await peerRecorded("mcp-hostile", `/h/calls/${tag}`)).filter((r) => r.rpcMethod === "tools/call"),
    ).toHaveLength(1);

    // The user dismisses the notice by editing the message's extra.
    const edited = await apiJson(`/api/v1/chats/${fx.chatId}/messages/${last.messageId}`, {
      method: "PATCH",
      token: fx.token,
      body: { extra: {} },
      expectStatus: 200,
    });
    expect(edited.extra.tauritavern).toBeUndefined();
  });

  it("Stop during the tool call ends the generation stopped with no tool call left without a result", async () => {
    const tag = `stop-${Date.now()}`;
    const fx = await genFixture([
      {
        text: "One moment. ",
        toolCalls: [
          { id: "c_slow", name: "mcp__Hostile__never", arguments: "{}" },
          { id: "c_two", name: "mcp__Hostile__is-error", arguments: "{}" },
        ],
      },
      { text: "must not be requested" },
    ]);
    await allowTools(fx.user, hostileUrl("calls", tag), ["never", "is-error"], "Hostile");
    const socket = await openSocket(fx.token);
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "Go" } });
    await waitForCall(`/h/calls/${tag}`);
    const stop = await apiJson(`/api/v1/chats/${fx.chatId}/generations/${id}/stop`, {
      method: "POST",
      token: fx.token,
      expectStatus: 200,
    });
    expect(["stopping", "stopped"]).toContain(stop.status);
    const ended = await socket.waitFor((f) => f.type === "chat.generation_ended" && f.generationId === id);
    expect(ended.status).toBe("stopped");
    const messages = await messagesOf(fx);
    expectPaired(messages);
    expect(messages.some((m) => m.role === "tool")).toBe(false);
    const last = messages.at(-1);
    expect(last.text).toBe("One moment. ");
    expect(last.extra.tauritavern.outcomeUnknown.map((n: any) => n.callId)).toEqual(["c_slow"]);
    expect(await recorded(fx.scriptId)).toHaveLength(1);
    // Stopping again answers the ended status.
    const again = await apiJson(`/api/v1/chats/${fx.chatId}/generations/${id}/stop`, {
      method: "POST",
      token: fx.token,
      expectStatus: 200,
    });
    expect(again.status).toBe("stopped");
  });

  it("two servers whose aliases collide get `__2`, and the alias picked reaches the right server", async () => {
    const fx = await genFixture([
      { toolCalls: [{ id: "c_2", name: "mcp__my_server__echo__2", arguments: '{"message":"to the second"}' }] },
      { text: "ok" },
    ]);
    const first = await allowTools(fx.user, everythingUrl(), ["echo"], "my server");
    const tag = `alias-${Date.now()}`;
    const second = await allowTools(fx.user, modernUrl(tag), ["echo"], "my.server");
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "echo" } });
    expect((await waitEnded(fx, id)).status).toBe("completed");
    const requests = await recorded(fx.scriptId);
    expect(requests[0]!.body.tools.map((t: any) => t.function.name)).toEqual([
      "mcp__my_server__echo",
      "mcp__my_server__echo__2",
    ]);
    const tool = (await messagesOf(fx)).find((m) => m.role === "tool");
    expect(tool.extra.tauritavern.tool.toolId).toBe(`mcp/${second}:echo`);
    expect(tool.extra.tauritavern.tool.toolId).not.toBe(`mcp/${first}:echo`);
    expect(tool.name).toBe("echo (my.server)");
    expect(JSON.parse(tool.text).response.textBlocks[0].text).toContain("to the second");
    const modernCalls = (await peerRecorded("mcp-modern", `/mcp/${tag}`)).filter((r) => r.rpcMethod === "tools/call");
    expect(modernCalls).toHaveLength(1);
  });

  it("an alias the round did not advertise becomes an error tool row and the batch goes on", async () => {
    const fx = await genFixture([
      { toolCalls: [{ id: "c_x", name: "mcp__nowhere__thing", arguments: "{}" }] },
      { text: "fine" },
    ]);
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "x" } });
    expect((await waitEnded(fx, id)).status).toBe("completed");
    const messages = await messagesOf(fx);
    expectPaired(messages);
    const tool = messages.find((m) => m.role === "tool");
    expect(JSON.parse(tool.text)).toMatchObject({ outcome: "not_sent", code: "mcp.legacy_tool_not_advertised" });
    expect(tool.extra.tauritavern.tool.isError).toBe(true);
    expect(messages.at(-1).text).toBe("fine");
  });
});
