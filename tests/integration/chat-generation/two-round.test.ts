/**
 * A generation with a real MCP tool (server-everything's `echo`) through the routes: round 1 asks
 * for the tool, round 2 answers in text. Saved in order: the assistant message with toolCalls, the
 * tool row holding the real echo outcome, the final reply; a second socket sees the deltas live.
 */
import { describe, expect, it } from "vitest";
import { apiJson, openSocket } from "../helpers";
import { everythingUrl } from "../mcp-gateway/gateway-helpers";
import { recorded } from "../models/helpers";
import { allowTools, deltaText, genFixture, generate, messagesOf, waitEnded } from "./gen-helpers";

describe("chat generation: two rounds with a real MCP tool", () => {
  it("saves assistant-with-toolCalls, the echo tool row and the final text, in order; sockets see it live", async () => {
    const fx = await genFixture([
      {
        text: "Let me check. ",
        toolCalls: [{ id: "call_1", name: "mcp__Everything__echo", arguments: '{"message":"hi there"}' }],
      },
      { text: "The echo said hi there. Done!", chunkDelayMs: 20 },
    ]);
    const registrationId = await allowTools(fx.user, everythingUrl(), ["echo"]);
    const other = await openSocket(fx.token);
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "Echo hi there please" } });
    const started = await other.waitFor((f) => f.type === "chat.generation_started" && f.generationId === id);
    expect(started.chatId).toBe(fx.chatId);
    const ended = await other.waitFor((f) => f.type === "chat.generation_ended" && f.generationId === id, 15_000);
    expect(ended.status).toBe("completed");
    const view = await waitEnded(fx, id);
    expect(view.status).toBe("completed");

    const messages = await messagesOf(fx);
    expect(messages.map((m) => m.role)).toEqual(["user", "user", "assistant", "tool", "assistant"]);
    const [, user, withCalls, tool, reply] = messages;
    expect(user.text).toBe("Echo hi there please");
    expect(withCalls.text).toBe("Let me check. ");
    expect(withCalls.toolCalls).toEqual([
      { id: "call_1", name: "mcp__Everything__echo", arguments: '{"message":"hi there"}' },
    ]);
    expect(tool.toolCallId).toBe("call_1");
    const outcome = JSON.parse(tool.text);
    expect(outcome.outcome).toBe("known_response");
    expect(outcome.response.kind).toBe("tool_result");
    expect(outcome.response.textBlocks[0].text).toContain("hi there");
    expect(tool.text).toBe(JSON.stringify(outcome, null, 2));
    expect(tool.extra.tauritavern.tool).toMatchObject({ toolId: `mcp/${registrationId}:echo`, isError: false });
    expect(reply.text).toBe("The echo said hi there. Done!");
    expect(ended.messageIds).toEqual([withCalls.messageId, tool.messageId, reply.messageId]);

    // Deltas: increments, seq from 1 without gaps, the second round's text complete.
    const deltas = other.frames.filter((f) => f.type === "chat.generation_delta" && f.generationId === id);
    expect(deltas.map((f) => f.seq)).toEqual(deltas.map((_, i) => i + 1));
    expect(
      deltas
        .filter((f) => f.round === 2)
        .map((f) => f.text)
        .join(""),
    ).toBe("The echo said hi there. Done!");
    expect(deltaText(other, id)).toBe("Let me check. The echo said hi there. Done!");
    const added = other.frames.filter((f) => f.type === "chat.message_added").map((f) => f.message.messageId);
    expect(added).toEqual(expect.arrayContaining([withCalls.messageId, tool.messageId, reply.messageId]));

    // The second request carried the tool turn; both advertised the §5.2 alias with tool_choice auto.
    const requests = await recorded(fx.scriptId);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.stream).toBe(true);
    expect(requests[0]!.body.tools.map((t: any) => t.function.name)).toEqual(["mcp__Everything__echo"]);
    expect(requests[0]!.body.tool_choice).toBe("auto");
    const second = requests[1]!.body.messages;
    expect(second.at(-2).tool_calls[0].id).toBe("call_1");
    expect(second.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_1" });

    const chat = await apiJson(`/api/v1/chats/${fx.chatId}`, { token: fx.token, expectStatus: 200 });
    expect(chat.activeGeneration).toBeNull();
  });

  it("an empty final answer after a tool call saves no empty assistant message", async () => {
    const fx = await genFixture([
      { text: "", toolCalls: [{ id: "call_e", name: "mcp__Everything__echo", arguments: '{"message":"quiet"}' }] },
      { text: "" },
    ]);
    await allowTools(fx.user, everythingUrl(), ["echo"]);
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "Echo quietly" } });
    const view = await waitEnded(fx, id);
    expect(view.status).toBe("completed");
    const messages = await messagesOf(fx);
    expect(messages.map((m) => m.role)).toEqual(["user", "user", "assistant", "tool"]);
    expect(messages[2].toolCalls[0].id).toBe("call_e");
    expect(view.messageIds).toEqual([messages[2].messageId, messages[3].messageId]);
    expect(await recorded(fx.scriptId)).toHaveLength(2);
  });
});
