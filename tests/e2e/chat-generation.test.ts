/**
 * Chat generation end to end through `wrangler dev` (issue [chat-generation] "Must show"), with
 * server-everything (`echo` Allowed) and the scripted OpenAI-compatible model server: a two-round
 * generation (tool call, then text) saves the assistant message with toolCalls, the tool row with
 * the real echo result and the final text, in order; a second socket sees the deltas live and the
 * final message; a third device that subscribes mid-stream reads the generation and then applies
 * only later deltas, ending with the full text exactly once.
 */
import { describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import { startModelPeer } from "../peers/model-peer";
import { allowEverythingEcho, scriptedConnection, wranglerSession } from "./session";

const session = wranglerSession("Phone", { everything: startEverythingPeer, model: startModelPeer });
const { call, openSocket } = session;

const FINAL = "The echo came back: hello from the mountain. The dragon wakes, stretches, and smiles at you.";

describe("chat generation under wrangler dev", () => {
  it("two rounds with MCP echo, live on a second socket, joined mid-stream by a third device", async () => {
    await allowEverythingEcho(session, "everything");

    const chat = await call("/chats", { title: "Mountain", character: { name: "Dragon" } });
    const chatId = chat.body.id;
    const scriptId = `gen-e2e-${Date.now()}`;
    const steps = [
      {
        text: "Let me echo that. ",
        toolCalls: [
          { id: "call_echo", name: "mcp__Everything__echo", arguments: '{"message":"hello from the mountain"}' },
        ],
      },
      { text: FINAL, chunkDelayMs: 400 },
    ];
    const connection = await scriptedConnection(session, "model", { id: scriptId, steps });
    expect(connection.status).toBe(201);

    const second = await openSocket();
    const started = await call(`/chats/${chatId}/generate`, {
      generationType: "normal",
      userMessage: { text: "Please echo 'hello from the mountain'." },
    });
    expect(started.status).toBe(202);
    const generationId = started.body.generationId;

    // Mid-stream: once the second round streams, a third device subscribes and reads the record.
    await second.waitFor((f) => f.type === "chat.generation_delta" && f.generationId === generationId && f.round === 2);
    const third = await openSocket();
    const joined = await call(`/chats/${chatId}/generations/${generationId}`);
    expect(joined.status).toBe(200);
    expect(joined.body.status).toBe("running");
    expect(joined.body.round).toBe(2);
    expect(joined.body.lastSeq).toBeGreaterThan(0);
    const chatView = await call(`/chats/${chatId}`);
    expect(chatView.body.activeGeneration).toEqual({ generationId, status: "running" });

    const ended = await second.waitFor((f) => f.type === "chat.generation_ended" && f.generationId === generationId);
    expect(ended.status).toBe("completed");
    await third.waitFor((f) => f.type === "chat.generation_ended" && f.generationId === generationId);

    // Saved in order.
    const messages = (await call(`/chats/${chatId}/messages?limit=50`)).body.messages;
    expect(messages.map((m: any) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(messages[1].toolCalls).toEqual([
      { id: "call_echo", name: "mcp__Everything__echo", arguments: '{"message":"hello from the mountain"}' },
    ]);
    expect(messages[2].toolCallId).toBe("call_echo");
    const outcome = JSON.parse(messages[2].text);
    expect(outcome.response.textBlocks[0].text).toBe("Echo: hello from the mountain");
    expect(messages[3].text).toBe(FINAL);
    expect(ended.messageIds).toEqual(messages.slice(1).map((m: any) => m.messageId));

    // Second socket: every delta live, seq 1..n, and the final message.
    const deltas = second.frames.filter((f) => f.type === "chat.generation_delta" && f.generationId === generationId);
    expect(deltas.map((f) => f.seq)).toEqual(deltas.map((_: unknown, i: number) => i + 1));
    expect(
      deltas
        .filter((f) => f.round === 2)
        .map((f) => f.text)
        .join(""),
    ).toBe(FINAL);
    const added = second.frames.find(
      (f) => f.type === "chat.message_added" && f.message.messageId === messages[3].messageId,
    );
    expect(added.message.text).toBe(FINAL);

    // Third device: the record's text, then only deltas after lastSeq, gives the full text once.
    const later = third.frames.filter(
      (f) =>
        f.type === "chat.generation_delta" &&
        f.generationId === generationId &&
        f.round === joined.body.round &&
        f.seq > joined.body.lastSeq,
    );
    expect(joined.body.text + later.map((f) => f.text).join("")).toBe(FINAL);
    expect(joined.body.text.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    expect(
      third.frames.some((f) => f.type === "chat.message_added" && f.message.messageId === messages[3].messageId),
    ).toBe(true);

    // The model's second request carried the tool turn with the real result.
    const requests = (await (await fetch(`${session.peer("model").url}/__requests?script=${scriptId}`)).json()) as any;
    expect(requests.requests).toHaveLength(2);
    const toolMessage = requests.requests[1].body.messages.at(-1);
    expect(toolMessage.role).toBe("tool");
    expect(toolMessage.content).toContain("Echo: hello from the mountain");
    for (const s of [second, third]) s.ws.close();
  });
});
