/**
 * An imported SillyTavern chat is linked to its library character (docs/spec/characters.md §4
 * "Imported chats"): exactly one character of the header's `character_name` → linked (the chat
 * page shows the character, character-scoped lore and skills apply); none or several → unlinked,
 * and the import answer says which and why.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";
import { importJsonl } from "./chat-helpers";

function jsonl(characterName: string | null): string {
  const header =
    characterName === null ? { user_name: "Alice" } : { user_name: "Alice", character_name: characterName };
  return [
    JSON.stringify(header),
    JSON.stringify({ name: "Alice", is_user: true, mes: "Hello there", send_date: "1717599800123" }),
  ].join("\n");
}

async function imported(token: string, text: string): Promise<any> {
  const response = await importJsonl(token, text);
  const body = await response.json<any>();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

const character = (token: string, name: string) =>
  apiJson("/api/v1/characters", { token, body: { data: { name } }, expectStatus: 201 });

describe("chat import links the library character", () => {
  it("links the one character of the header's name (case aside); the chat reads back linked", async () => {
    const { deviceToken: token } = await createUser();
    const seraphina = await character(token, "Seraphina");
    await character(token, "Aria");
    const chat = await imported(token, jsonl("seraphina"));
    expect(chat.characterLink).toEqual({ status: "linked", name: "seraphina", characterId: seraphina.id });
    expect(chat.characterId).toBe(seraphina.id);
    expect(chat.character.name).toBe("Seraphina");
    const read = await apiJson(`/api/v1/chats/${chat.id}`, { token, expectStatus: 200 });
    expect(read.characterId).toBe(seraphina.id);
  });

  it("no match, several matches or no name: unlinked, and the answer says why", async () => {
    const { deviceToken: token } = await createUser();
    const first = await character(token, "Aria");
    const second = await character(token, "Aria");
    const none = await imported(token, jsonl("Nobody"));
    expect(none.characterId).toBeUndefined();
    expect(none.characterLink).toMatchObject({ status: "no_match", name: "Nobody" });
    expect(none.characterLink.message).toContain('No character in your library is named "Nobody"');
    const two = await imported(token, jsonl("Aria"));
    expect(two.characterId).toBeUndefined();
    expect(two.characterLink).toMatchObject({ status: "ambiguous", name: "Aria" });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...two.characterLink.candidates].sort(byId)).toEqual(
      [
        { id: first.id, name: "Aria" },
        { id: second.id, name: "Aria" },
      ].sort(byId),
    );
    const unnamed = await imported(token, jsonl(null));
    expect(unnamed.characterLink.status).toBe("no_name");
    expect(unnamed.characterId).toBeUndefined();
  });
});
