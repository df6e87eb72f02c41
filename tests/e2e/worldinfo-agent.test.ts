/**
 * World Info end to end through `wrangler dev` (issue [characters-lore] "Must show"): a card whose
 * book has a keyword entry is imported; a chat with it starts with the character's greeting (its
 * alternate greetings as swipes); an Agent run started without a prompt snapshot (as the web client
 * starts it) on a message with the keyword calls `worldinfo_read_activated` (scripted model) and gets
 * that entry, and not the entry whose keyword is absent. The model saw the entry in its system
 * message and never the greeting as "First message".
 */
import { describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import { scriptedConnection, wranglerSession } from "./session";

const session = wranglerSession("Lore laptop", { model: startModelPeer });
const { call, openSocket } = session;

const LORE = "Eldoria is a river kingdom ruled by the Heron Queen.";

const card = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name: "Seraphina",
    description: "A guardian of the forest.",
    personality: "Kind",
    scenario: "A glade",
    first_mes: "Welcome, traveler.",
    mes_example: "",
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: ["Greetings, wanderer."],
    tags: [],
    creator: "tests",
    character_version: "1",
    extensions: {},
    character_book: {
      name: "Eldoria Lore",
      extensions: {},
      entries: [
        {
          id: 3,
          keys: ["Eldoria"],
          content: LORE,
          enabled: true,
          insertion_order: 100,
          extensions: {},
          comment: "Kingdom",
        },
        { id: 4, keys: ["Mordor"], content: "Never activated.", enabled: true, insertion_order: 100, extensions: {} },
      ],
    },
  },
};

describe("World Info in an Agent run under wrangler dev", () => {
  it("a keyword in the chat activates the card book's entry; worldinfo_read_activated returns it", async () => {
    const imported = await call("/characters/import", card);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const chat = await call("/chats", { title: "Eldoria", characterId: imported.body.id });
    expect(chat.status).toBe(201);
    expect(chat.body).toMatchObject({
      characterId: imported.body.id,
      messageCount: 1,
      character: { name: "Seraphina" },
    });
    const chatId = chat.body.id as string;
    const greeting = await call(`/chats/${chatId}/messages?offset=0&limit=5`);
    expect(greeting.body.messages[0]).toMatchObject({
      role: "assistant",
      name: "Seraphina",
      text: "Welcome, traveler.",
      swipes: ["Welcome, traveler.", "Greetings, wanderer."],
      swipeId: 0,
    });
    expect(
      (await call(`/chats/${chatId}/messages`, { role: "user", text: "Tell me about Eldoria, please." })).status,
    ).toBe(201);

    const scriptId = `wi-e2e-${Date.now()}`;
    const ref = "worldinfo:Eldoria Lore#3";
    const steps = [
      { toolCalls: [{ id: "call_index", name: "worldinfo_read_activated", arguments: "{}" }] },
      {
        toolCalls: [
          { id: "call_read", name: "worldinfo_read_activated", arguments: JSON.stringify({ entries: [{ ref }] }) },
        ],
      },
      { toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: JSON.stringify({ reason: "read" }) }] },
    ];
    const connection = await scriptedConnection(session, "model", { id: scriptId, steps });
    expect(connection.status).toBe(201);

    const socket = await openSocket();
    const started = await call("/agent/runs", { stableChatId: chatId, connectionId: connection.body.id });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const runId = started.body.runId as string;
    socket.ws.send(JSON.stringify({ type: "agent.subscribe", runId, afterSeq: 0 }));
    try {
      await socket.waitFor(
        (f) =>
          f.type === "agent.event" && ["run_completed", "run_failed", "run_partial_success"].includes(f.event.type),
        60_000,
      );
    } catch (error) {
      console.log(session.dev.output().slice(-4000));
      throw error;
    }
    const journal = await call(`/agent/runs/${runId}/events?afterSeq=0&limit=500`);
    const results = (journal.body.events as any[]).filter((e) => e.type === "tool_call_completed");
    expect(results.slice(0, 2).map((e) => [e.payload.callId, e.payload.isError])).toEqual([
      ["call_index", false],
      ["call_read", false],
    ]);

    const recorded = (await (await fetch(`${session.peer("model").url}/__requests?script=${scriptId}`)).json()) as {
      requests: any[];
    };
    const body = recorded.requests.at(-1).body;
    // The Agent's own system message first, then the server-built snapshot's system message.
    const system = body.messages
      .filter((m: any) => m.role === "system")
      .map((m: any) => m.content)
      .join("\n");
    expect(system).toContain("Character: Seraphina");
    expect(system).toContain(LORE);
    expect(system).not.toContain("Never activated.");
    expect(system).not.toContain("First message");
    const index = body.messages.find((m: any) => m.role === "tool" && m.tool_call_id === "call_index").content;
    expect(index).toContain(ref);
    expect(index).not.toContain("#4");
    const read = body.messages.find((m: any) => m.role === "tool" && m.tool_call_id === "call_read").content;
    expect(read).toContain(LORE);
    socket.ws.close();
  });
});
