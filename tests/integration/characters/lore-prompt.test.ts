/**
 * The library in the shared prompt builder (docs/spec/worldinfo.md §5, docs/spec/characters.md §4):
 * a chat started with a library character gets its greeting (alternate greetings as swipes) and
 * never sends it as "First message" in the system message; activated entries are placed before /
 * after the character definition and at depth; books attached to the chat, the character or
 * globally apply, others do not; a character edit reaches linked chats live; schema 17 turns an
 * embedded character into a library character linked to its chat.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { migrate } from "../../../src/adapters/storage/migrations";
import { promptBuilder } from "../../../src/composition/chat-generation";
import { apiJson, createUser, openSocket } from "../helpers";
import { spaceStub } from "../mcp-gateway/gateway-helpers";

const entry = (uid: number, fields: Record<string, unknown>) => ({ uid, content: `lore ${uid}`, ...fields });

async function buildPrompt(userId: string, chatId: string) {
  return runInDurableObject(spaceStub(userId), async (instance: UserSpace) => {
    const built = await promptBuilder(instance.space()).build({ chatId, includeTools: false, budgetTokens: 8000 });
    return JSON.parse(
      JSON.stringify({
        messages: built.messages.map((m) => ({ role: m.role, text: m.parts.map((p: any) => p.text ?? "").join("") })),
        activated: built.worldInfo?.entries.map((e) => e.uid) ?? null,
      }),
    ) as { messages: Array<{ role: string; text: string }>; activated: number[] | null };
  });
}

describe("library in the prompt", () => {
  it("places activated entries around the character and at depth; the greeting is a message, not system text", async () => {
    const { deviceToken: token, userId } = await createUser();
    const character = await apiJson("/api/v1/characters", {
      token,
      body: {
        data: {
          name: "Aria",
          description: "A bard.",
          mes_example: "<START>\nAria: La la.",
          first_mes: "Hello, friend!",
          alternate_greetings: ["Hi again.", "Oh, you."],
        },
      },
      expectStatus: 201,
    });
    const chat = await apiJson("/api/v1/chats", {
      token,
      body: { title: "Song", characterId: character.id },
      expectStatus: 201,
    });
    expect(chat).toMatchObject({ characterId: character.id, messageCount: 1, character: { name: "Aria" } });
    const first = await apiJson(`/api/v1/chats/${chat.id}/messages?offset=0&limit=5`, { token, expectStatus: 200 });
    expect(first.messages[0]).toMatchObject({
      role: "assistant",
      name: "Aria",
      text: "Hello, friend!",
      swipes: ["Hello, friend!", "Hi again.", "Oh, you."],
      swipeId: 0,
    });

    const book = await apiJson("/api/v1/worldinfo", {
      token,
      body: {
        name: "Songbook",
        entries: [
          entry(0, { key: ["harp"], position: 0, content: "BEFORE: harps are sacred." }),
          entry(1, { constant: true, position: 1, content: "AFTER: the tavern is loud." }),
          entry(2, { key: ["/drag(on|oon)/i"], position: 4, depth: 1, role: 1, content: "DEPTH: dragons fear song." }),
          entry(3, { key: ["unicorn"], content: "NEVER: unicorns." }),
        ],
      },
      expectStatus: 201,
    });
    const other = await apiJson("/api/v1/worldinfo", {
      token,
      body: { name: "Elsewhere", entries: [entry(0, { constant: true, content: "OTHER CHAT ONLY." })] },
      expectStatus: 201,
    });
    await apiJson(`/api/v1/worldinfo/${book.id}`, {
      token,
      method: "PATCH",
      body: { attach: [{ scope: "chat", id: chat.id }] },
      expectStatus: 200,
    });
    const otherChat = await apiJson("/api/v1/chats", { token, body: { title: "Other" }, expectStatus: 201 });
    await apiJson(`/api/v1/worldinfo/${other.id}`, {
      token,
      method: "PATCH",
      body: { attach: [{ scope: "chat", id: otherChat.id }] },
      expectStatus: 200,
    });
    await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "user", text: "Play the harp for the DRAGOON." },
      expectStatus: 201,
    });

    const prompt = await buildPrompt(userId, chat.id);
    expect(prompt.activated).toEqual([0, 1, 2]);
    const system = prompt.messages[0]!;
    expect(system.role).toBe("system");
    const at = (text: string) => system.text.indexOf(text);
    expect(at("BEFORE: harps")).toBeGreaterThanOrEqual(0);
    expect(at("BEFORE: harps")).toBeLessThan(at("Character: Aria"));
    expect(at("Character: Aria")).toBeLessThan(at("AFTER: the tavern"));
    expect(system.text).toContain("Example dialogue:\n<START>\nAria: La la.");
    expect(system.text).not.toContain("First message");
    expect(system.text).not.toContain("OTHER CHAT ONLY");
    expect(system.text).not.toContain("NEVER");
    // History: greeting, the depth-1 entry as a user message, then the newest message.
    expect(prompt.messages.slice(1)).toEqual([
      { role: "assistant", text: "Hello, friend!" },
      { role: "user", text: "DEPTH: dragons fear song." },
      { role: "user", text: "Play the harp for the DRAGOON." },
    ]);

    // The test box: the same rules on a given text.
    const tested = await apiJson("/api/v1/worldinfo/activation/test", {
      token,
      body: { text: "a unicorn", bookIds: [book.id] },
      expectStatus: 200,
    });
    expect(tested.entries.map((e: any) => e.uid)).toEqual([1, 3]);
  });

  it("a character edit reaches linked chats live; delete unlinks them and drops the card's own book", async () => {
    const { deviceToken: token } = await createUser();
    const socket = await openSocket(token);
    const character = await apiJson("/api/v1/characters", { token, body: { data: { name: "Bo" } }, expectStatus: 201 });
    const chat = await apiJson("/api/v1/chats", {
      token,
      body: { title: "Bo chat", characterId: character.id },
      expectStatus: 201,
    });
    expect(chat.messageCount).toBe(0);
    const edited = await apiJson(`/api/v1/characters/${character.id}`, {
      token,
      method: "PATCH",
      body: { data: { name: "Bob", description: "Now with a description" }, ifRevision: 1 },
      expectStatus: 200,
    });
    expect(edited).toMatchObject({ name: "Bob", revision: 2 });
    await socket.waitFor(
      (f: any) => f.type === "chat.changed" && f.chatId === chat.id && f.chat?.character?.name === "Bob",
    );
    const stale = await apiJson(`/api/v1/characters/${character.id}`, {
      token,
      method: "PATCH",
      body: { data: { name: "Late" }, ifRevision: 1 },
      expectStatus: 409,
    });
    expect(stale.error.code).toBe("character.revision_conflict");
    await apiJson(`/api/v1/characters/${character.id}`, { token, method: "DELETE", expectStatus: 200 });
    await socket.waitFor((f: any) => f.type === "character.changed" && f.removed === true);
    const after = await apiJson(`/api/v1/chats/${chat.id}`, { token, expectStatus: 200 });
    expect(after.characterId).toBeUndefined();
    expect(after.character).toMatchObject({ name: "Bob" });
    const missing = await apiJson("/api/v1/chats", {
      token,
      body: { title: "x", characterId: character.id },
      expectStatus: 404,
    });
    expect(missing.error.code).toBe("character.not_found");
    socket.ws.close();
  });

  it("schema 17 gives every chat with an embedded character its own library character", async () => {
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName("characters-migration-fixture"));
    const result = await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      migrate(state.storage, 16);
      for (const [id, json] of [
        ["c1", '{"name":"Ann","description":"d","firstMessage":"Hi"}'],
        ["c2", '{"name":"Ann"}'],
      ])
        sql.exec(
          "INSERT INTO te_chats(id, kind, title, revision, message_count, character_json, created_at, updated_at) VALUES(?, 'character', 'Old', 1, 0, ?, 1, 1)",
          id,
          json,
        );
      sql.exec(
        "INSERT INTO te_chats(id, kind, title, revision, message_count, created_at, updated_at) VALUES('c3', 'character', 'None', 1, 0, 1, 1)",
      );
      migrate(state.storage);
      return JSON.stringify({
        chats: sql.exec("SELECT id, character_id FROM te_chats ORDER BY id").toArray(),
        characters: sql.exec("SELECT id, name, card_json FROM te_characters ORDER BY id").toArray(),
      });
    });
    const { chats, characters } = JSON.parse(result) as { chats: any[]; characters: any[] };
    expect(characters).toHaveLength(2);
    expect(new Set(chats.slice(0, 2).map((c) => c.character_id)).size).toBe(2);
    expect(chats[2].character_id).toBeNull();
    const annCard = characters.map((c) => JSON.parse(c.card_json)).find((c) => c.data.description === "d");
    expect(annCard).toMatchObject({ spec: "chara_card_v2", data: { name: "Ann", first_mes: "Hi" } });
  });
});
