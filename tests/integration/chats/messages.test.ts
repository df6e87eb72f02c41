import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket } from "../helpers";
import { appendMany, createChat } from "./chat-helpers";

describe("chats: lifecycle", () => {
  it("creates, lists newest first with a cursor, renames, duplicates and deletes", async () => {
    const { deviceToken: token } = await createUser();
    const first = await createChat(token, {
      title: "  First  ",
      character: { name: "Seraphina", scenario: "A forest" },
      systemPrompt: "Be kind.",
    });
    expect(first).toMatchObject({
      title: "First",
      revision: 1,
      messageCount: 0,
      character: { name: "Seraphina", scenario: "A forest" },
      systemPrompt: "Be kind.",
    });
    const second = await createChat(token, { title: "Second" });
    const third = await createChat(token, { title: "Third" });
    const page1 = await apiJson(`/api/v1/chats?limit=2`, { token, expectStatus: 200 });
    expect(page1.chats.map((c: any) => c.id)).toEqual([third.id, second.id]);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = await apiJson(`/api/v1/chats?limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`, {
      token,
      expectStatus: 200,
    });
    expect(page2.chats.map((c: any) => c.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBeUndefined();

    const renamed = await apiJson(`/api/v1/chats/${first.id}`, {
      token,
      method: "PATCH",
      body: { title: "Renamed", ifRevision: 1 },
      expectStatus: 200,
    });
    expect(renamed).toMatchObject({ id: first.id, title: "Renamed", revision: 2 });
    const stale = await apiJson(`/api/v1/chats/${first.id}`, {
      token,
      method: "PATCH",
      body: { title: "Again", ifRevision: 1 },
      expectStatus: 409,
    });
    expect(stale.error.code).toBe("chat.revision_conflict");
    expect(stale.error.details.current).toMatchObject({ title: "Renamed", revision: 2 });

    await appendMany(token, first.id, ["a", "b"]);
    const copy = await apiJson(`/api/v1/chats/${first.id}/duplicate`, { token, method: "POST", expectStatus: 201 });
    expect(copy).toMatchObject({ title: "Renamed (copy)", messageCount: 2, character: { name: "Seraphina" } });
    const copied = await apiJson(`/api/v1/chats/${copy.id}/messages`, { token, expectStatus: 200 });
    const original = await apiJson(`/api/v1/chats/${first.id}/messages`, { token, expectStatus: 200 });
    expect(copied.messages.map((m: any) => m.text)).toEqual(["a", "b"]);
    expect(copied.messages[0].messageId).not.toBe(original.messages[0].messageId);

    expect(await apiJson(`/api/v1/chats/${first.id}`, { token, method: "DELETE", expectStatus: 200 })).toEqual({
      id: first.id,
      deleted: true,
    });
    expect((await apiJson(`/api/v1/chats/${first.id}`, { token, expectStatus: 404 })).error.code).toBe(
      "chat.not_found",
    );
    expect((await apiJson(`/api/v1/chats/${first.id}/messages`, { token, expectStatus: 404 })).error.code).toBe(
      "chat.not_found",
    );
    expect((await apiJson(`/api/v1/chats/${copy.id}/messages`, { token, expectStatus: 200 })).total).toBe(2);
  });

  it("rejects a title over 200 characters and a text over 1 MiB with their codes", async () => {
    const { deviceToken: token } = await createUser();
    const long = await apiJson("/api/v1/chats", { token, body: { title: "x".repeat(201) }, expectStatus: 400 });
    expect(long.error.code).toBe("chat.title_invalid");
    const chat = await createChat(token);
    const big = await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "user", text: "é".repeat(600 * 1024) },
      expectStatus: 413,
    });
    expect(big.error.code).toBe("chat.message_text_too_large");
    expect((await apiJson(`/api/v1/chats/${chat.id}`, { token })).messageCount).toBe(0);
  });

  it("chats of one user are invisible to another", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const chat = await createChat(alice.deviceToken);
    expect((await apiJson(`/api/v1/chats/${chat.id}`, { token: bob.deviceToken, expectStatus: 404 })).error.code).toBe(
      "chat.not_found",
    );
    expect((await api(`/api/v1/chats`)).status).toBe(401);
  });
});

describe("chats: windowed reads", () => {
  it("reads windows from the start, from the end and before a message, with indices and total", async () => {
    const { deviceToken: token } = await createUser();
    const chat = await createChat(token);
    const texts = Array.from({ length: 12 }, (_, i) => `message ${i}`);
    const written = await appendMany(token, chat.id, texts);
    expect(written.map((m) => m.index)).toEqual(texts.map((_, i) => i));

    const head = await apiJson(`/api/v1/chats/${chat.id}/messages?offset=2&limit=3`, { token, expectStatus: 200 });
    expect(head.total).toBe(12);
    expect(head.messages.map((m: any) => [m.index, m.text])).toEqual([
      [2, "message 2"],
      [3, "message 3"],
      [4, "message 4"],
    ]);

    const tail = await apiJson(`/api/v1/chats/${chat.id}/messages?fromEnd=true&limit=4`, { token, expectStatus: 200 });
    expect(tail.messages.map((m: any) => [m.index, m.text])).toEqual([
      [8, "message 8"],
      [9, "message 9"],
      [10, "message 10"],
      [11, "message 11"],
    ]);

    const tailOffset = await apiJson(`/api/v1/chats/${chat.id}/messages?fromEnd=true&offset=10&limit=5`, {
      token,
      expectStatus: 200,
    });
    expect(tailOffset.messages.map((m: any) => m.index)).toEqual([0, 1]);

    const before = await apiJson(`/api/v1/chats/${chat.id}/messages?beforeMessageId=${written[5].messageId}&limit=3`, {
      token,
      expectStatus: 200,
    });
    expect(before.messages.map((m: any) => [m.index, m.text])).toEqual([
      [2, "message 2"],
      [3, "message 3"],
      [4, "message 4"],
    ]);

    const beyond = await apiJson(`/api/v1/chats/${chat.id}/messages?offset=20`, { token, expectStatus: 200 });
    expect(beyond).toEqual({ messages: [], total: 12 });

    // A deletion shifts later indices; reads stay consistent.
    await apiJson(`/api/v1/chats/${chat.id}/messages/${written[0].messageId}`, {
      token,
      method: "DELETE",
      expectStatus: 200,
    });
    const after = await apiJson(`/api/v1/chats/${chat.id}/messages?fromEnd=true&limit=1`, { token, expectStatus: 200 });
    expect(after).toMatchObject({ total: 11, messages: [{ index: 10, text: "message 11" }] });

    const unknown = await apiJson(`/api/v1/chats/${chat.id}/messages?beforeMessageId=mnope`, {
      token,
      expectStatus: 404,
    });
    expect(unknown.error.code).toBe("chat.message_not_found");
    expect((await apiJson(`/api/v1/chats/${chat.id}/messages?limit=0`, { token, expectStatus: 400 })).error.code).toBe(
      "input.invalid",
    );
  });
});

describe("chats: search", () => {
  it("finds messages by plain text with snippets, most recent first, case-insensitive", async () => {
    const { deviceToken: token } = await createUser();
    const chat = await createChat(token);
    const filler = "lorem ipsum ".repeat(20);
    await appendMany(token, chat.id, [
      `${filler}The Silver Key opens the north gate.${filler}`,
      "Nothing here.",
      "Where is the silver key now?",
      "100% sure: 50_percent (literal % and _ are not wildcards)",
    ]);
    const result = await apiJson(`/api/v1/chats/${chat.id}/search?q=${encodeURIComponent("SILVER key")}`, {
      token,
      expectStatus: 200,
    });
    expect(result.hits.map((h: any) => h.index)).toEqual([2, 0]);
    expect(result.hits[0]).toMatchObject({ role: "user", snippet: "Where is the silver key now?" });
    expect(result.hits[1].snippet.startsWith("…")).toBe(true);
    expect(result.hits[1].snippet.endsWith("…")).toBe(true);
    expect(result.hits[1].snippet).toContain("The Silver Key opens the north gate.");
    expect(result.hits[1].snippet.length).toBeLessThan(220);

    const literal = await apiJson(`/api/v1/chats/${chat.id}/search?q=${encodeURIComponent("0_p")}`, {
      token,
      expectStatus: 200,
    });
    expect(literal.hits.map((h: any) => h.index)).toEqual([3]);
    const wildcard = await apiJson(`/api/v1/chats/${chat.id}/search?q=${encodeURIComponent("%")}`, {
      token,
      expectStatus: 200,
    });
    expect(wildcard.hits.map((h: any) => h.index)).toEqual([3]);
    const limited = await apiJson(`/api/v1/chats/${chat.id}/search?q=key&limit=1`, { token, expectStatus: 200 });
    expect(limited.hits).toHaveLength(1);
    const ranged = await apiJson(`/api/v1/chats/${chat.id}/search?q=key&endIndex=1`, { token, expectStatus: 200 });
    expect(ranged.hits.map((h: any) => h.index)).toEqual([0]);
    const none = await apiJson(`/api/v1/chats/${chat.id}/search?q=dragon`, { token, expectStatus: 200 });
    expect(none).toEqual({ hits: [] });
  });
});

describe("chats: concurrency", () => {
  it("a stale ifRevision on edit or delete is a 409 with the current message", async () => {
    const { deviceToken: token } = await createUser();
    const chat = await createChat(token);
    const [message] = await appendMany(token, chat.id, ["v1"]);
    const edited = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, {
      token,
      method: "PATCH",
      body: { text: "v2", ifRevision: 1 },
      expectStatus: 200,
    });
    expect(edited).toMatchObject({ messageId: message.messageId, revision: 2, text: "v2", index: 0 });
    const stale = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, {
      token,
      method: "PATCH",
      body: { text: "v3", ifRevision: 1 },
      expectStatus: 409,
    });
    expect(stale.error.code).toBe("chat.revision_conflict");
    expect(stale.error.details.current).toMatchObject({ messageId: message.messageId, revision: 2, text: "v2" });
    const staleDelete = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}?ifRevision=1`, {
      token,
      method: "DELETE",
      expectStatus: 409,
    });
    expect(staleDelete.error.details.current.revision).toBe(2);
    const deleted = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}?ifRevision=2`, {
      token,
      method: "DELETE",
      expectStatus: 200,
    });
    expect(deleted).toEqual({ messageId: message.messageId, deleted: true, chatRevision: 2 });
    expect((await apiJson(`/api/v1/chats/${chat.id}/messages?fromEnd=true`, { token })).total).toBe(0);
  });

  it("an append after a stale afterMessageId is a 409 and writes nothing", async () => {
    const { deviceToken: token } = await createUser();
    const chat = await createChat(token);
    const empty = await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "user", text: "first", afterMessageId: null },
      expectStatus: 201,
    });
    const second = await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "assistant", text: "second", afterMessageId: empty.messageId },
      expectStatus: 201,
    });
    const stale = await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "user", text: "late", afterMessageId: empty.messageId },
      expectStatus: 409,
    });
    expect(stale.error.code).toBe("chat.revision_conflict");
    expect(stale.error.details.current).toMatchObject({ lastMessageId: second.messageId, messageCount: 2 });
    const all = await apiJson(`/api/v1/chats/${chat.id}/messages`, { token });
    expect(all.messages.map((m: any) => m.text)).toEqual(["first", "second"]);
  });
});

describe("chats: swipes and frames", () => {
  it("adds and selects swipes; the text follows the selected swipe; other devices get frames", async () => {
    const { deviceToken: token } = await createUser();
    const socket = await openSocket(token);
    const chat = await createChat(token, { title: "Swipes", character: { name: "Bot" } });
    await socket.waitFor((f) => f.type === "chat.changed" && f.chatId === chat.id);
    const message = await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "assistant", text: "Answer A" },
      expectStatus: 201,
    });
    expect(message.name).toBe("Bot");
    const added = await socket.waitFor((f) => f.type === "chat.message_added");
    expect(added).toMatchObject({
      chatId: chat.id,
      messageCount: 1,
      message: { messageId: message.messageId, text: "Answer A", index: 0 },
    });

    const swiped = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, {
      token,
      method: "PATCH",
      body: { addSwipe: "Answer B", ifRevision: 1 },
      expectStatus: 200,
    });
    expect(swiped).toMatchObject({ text: "Answer B", swipes: ["Answer A", "Answer B"], swipeId: 1, revision: 2 });
    const selected = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, {
      token,
      method: "PATCH",
      body: { swipeId: 0 },
      expectStatus: 200,
    });
    expect(selected).toMatchObject({ text: "Answer A", swipeId: 0, revision: 3 });
    const edited = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, {
      token,
      method: "PATCH",
      body: { text: "Answer A!" },
      expectStatus: 200,
    });
    expect(edited).toMatchObject({ text: "Answer A!", swipes: ["Answer A!", "Answer B"], swipeId: 0 });
    const missing = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, {
      token,
      method: "PATCH",
      body: { swipeId: 5 },
      expectStatus: 404,
    });
    expect(missing.error.code).toBe("chat.swipe_not_found");
    const read = await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, { token, expectStatus: 200 });
    expect(read).toMatchObject({ text: "Answer A!", swipeId: 0, swipes: ["Answer A!", "Answer B"] });

    const updated = await socket.waitFor((f) => f.type === "chat.message_updated" && f.message.revision === 3);
    expect(updated.message).toMatchObject({ swipeId: 0, text: "Answer A" });
    await apiJson(`/api/v1/chats/${chat.id}/messages/${message.messageId}`, {
      token,
      method: "DELETE",
      expectStatus: 200,
    });
    const removed = await socket.waitFor((f) => f.type === "chat.message_removed");
    expect(removed).toEqual({
      type: "chat.message_removed",
      chatId: chat.id,
      messageId: message.messageId,
      chatRevision: 2,
      messageCount: 0,
    });
    await apiJson(`/api/v1/chats/${chat.id}`, { token, method: "DELETE", expectStatus: 200 });
    await socket.waitFor((f) => f.type === "chat.changed" && f.removed === true && f.chatId === chat.id);
    socket.ws.close();
  });
});
