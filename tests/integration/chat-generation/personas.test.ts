/**
 * Personas (docs/spec/chats.md "Personas"): the user's persona (`PATCH /settings`) and a chat's own
 * (`PATCH /chats/:id {persona}`, which wins) name the user's messages and go into the system part
 * of the prompt; every device hears `settings.changed`; an imported chat keeps its `user_name`.
 */
import { describe, expect, it } from "vitest";
import { recorded } from "../models/helpers";
import { importJsonl } from "../chats/chat-helpers";
import { apiJson, openSocket } from "../helpers";
import { genFixture, generate, messagesOf, waitEnded } from "./gen-helpers";

describe("personas", () => {
  it("the user's persona names sent messages and reaches the prompt; the chat's persona wins; null falls back", async () => {
    const fx = await genFixture([{ text: "Welcome, Lin." }, { text: "Hello, Sir Kay." }, { text: "Hi." }], []);
    expect(await apiJson("/api/v1/settings", { token: fx.token, expectStatus: 200 })).toEqual({ persona: null });
    const socket = await openSocket(fx.token);
    const set = await apiJson("/api/v1/settings", {
      method: "PATCH",
      token: fx.token,
      body: { persona: { name: "Lin", description: "A travelling scholar." } },
      expectStatus: 200,
    });
    expect(set).toEqual({ persona: { name: "Lin", description: "A travelling scholar." } });
    const frame = await socket.waitFor((f) => f.type === "settings.changed");
    expect(frame.settings).toEqual(set);

    const first = await generate(fx, { generationType: "normal", userMessage: { text: "Good evening." } });
    expect((await waitEnded(fx, first)).status).toBe("completed");
    let messages = await messagesOf(fx);
    expect(messages.map((m) => [m.role, m.name])).toEqual([
      ["user", "Lin"],
      ["assistant", "Aria"],
    ]);
    const [request] = await recorded(fx.scriptId);
    expect(request!.body.messages[0]).toEqual({
      role: "system",
      content: "Character: Aria\n\nUser persona: Lin\nA travelling scholar.",
    });

    // The chat's own persona wins over the user's.
    const patched = await apiJson(`/api/v1/chats/${fx.chatId}`, {
      method: "PATCH",
      token: fx.token,
      body: { persona: { name: "Sir Kay" } },
      expectStatus: 200,
    });
    expect(patched.persona).toEqual({ name: "Sir Kay" });
    const second = await generate(fx, { generationType: "normal", userMessage: { text: "Again." } });
    expect((await waitEnded(fx, second)).status).toBe("completed");
    messages = await messagesOf(fx);
    expect(messages[2]).toMatchObject({ role: "user", name: "Sir Kay" });
    const requests = await recorded(fx.scriptId);
    expect(requests[1]!.body.messages[0].content).toBe("Character: Aria\n\nUser persona: Sir Kay");

    // Cleared: the user's persona applies again (also to a plain append).
    await apiJson(`/api/v1/chats/${fx.chatId}`, {
      method: "PATCH",
      token: fx.token,
      body: { persona: null },
      expectStatus: 200,
    });
    const appended = await apiJson(`/api/v1/chats/${fx.chatId}/messages`, {
      token: fx.token,
      body: { role: "user", text: "Plain note." },
      expectStatus: 201,
    });
    expect(appended.name).toBe("Lin");
    socket.ws.close();
  });

  it("a blank persona name is refused and changes nothing", async () => {
    const fx = await genFixture([], []);
    const refused = await apiJson("/api/v1/settings", {
      method: "PATCH",
      token: fx.token,
      body: { persona: { name: "   " } },
      expectStatus: 400,
    });
    expect(refused.error.code).toBe("input.invalid");
    expect(await apiJson("/api/v1/settings", { token: fx.token })).toEqual({ persona: null });
  });

  it("an imported chat keeps its persona name for new messages, over the user's persona", async () => {
    const fx = await genFixture([{ text: "Welcome back." }], []);
    await apiJson("/api/v1/settings", {
      method: "PATCH",
      token: fx.token,
      body: { persona: { name: "Lin" } },
      expectStatus: 200,
    });
    const lines = [
      { user_name: "Wanderer", character_name: "Seraphina", create_date: "2024-01-02@10h11m12s", chat_metadata: {} },
      { name: "Seraphina", is_user: false, is_system: false, send_date: "x", mes: "Hello.", extra: {} },
    ];
    const response = await importJsonl(fx.token, lines.map((l) => JSON.stringify(l)).join("\n"));
    expect(response.status).toBe(201);
    const chat = (await response.json()) as any;
    expect(chat.persona).toEqual({ name: "Wanderer" });
    const id = await generate({ ...fx, chatId: chat.id }, { generationType: "normal", userMessage: { text: "Hi!" } });
    expect((await waitEnded({ ...fx, chatId: chat.id }, id)).status).toBe("completed");
    const messages = await messagesOf({ ...fx, chatId: chat.id });
    expect(messages[1]).toMatchObject({ role: "user", name: "Wanderer", text: "Hi!" });
    const [request] = await recorded(fx.scriptId);
    expect(request!.body.messages[0].content).toContain("User persona: Wanderer");
  });
});
