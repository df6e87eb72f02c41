/**
 * A new chat's greeting names the user's persona and the character (docs/spec/characters.md §4.1):
 * `{{user}}`, `{{char}}`, `<USER>` and `<BOT>` are replaced in every swipe of the greeting.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";

describe("greeting macros", () => {
  it("replaces the name macros with the persona in force and the character's name", async () => {
    const { deviceToken: token } = await createUser();
    await apiJson("/api/v1/settings", {
      token,
      method: "PATCH",
      body: { persona: { name: "Mina" } },
      expectStatus: 200,
    });
    const character = await apiJson("/api/v1/characters", {
      token,
      body: {
        data: {
          name: "Aria",
          first_mes: "Welcome to the keep, {{user}}. I am {{char}}.",
          alternate_greetings: ["<USER>? <BOT> has waited."],
        },
      },
      expectStatus: 201,
    });
    const chat = await apiJson("/api/v1/chats", {
      token,
      body: { title: "Keep", characterId: character.id },
      expectStatus: 201,
    });
    const page = await apiJson(`/api/v1/chats/${chat.id}/messages?offset=0&limit=5`, { token, expectStatus: 200 });
    expect(page.messages[0]).toMatchObject({
      text: "Welcome to the keep, Mina. I am Aria.",
      swipes: ["Welcome to the keep, Mina. I am Aria.", "Mina? Aria has waited."],
    });
  });
});
