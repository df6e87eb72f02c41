import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import sample from "../../fixtures/chats/sillytavern-sample.jsonl?raw";
import { api, apiJson, createUser, openSocket } from "../helpers";
import { createChat, importJsonl } from "./chat-helpers";

function parseLines(text: string): unknown[] {
  return text
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line));
}

async function exportText(token: string, chatId: string): Promise<{ response: Response; text: string }> {
  const response = await api(`/api/v1/chats/${chatId}/export`, { token });
  return { response, text: new TextDecoder().decode(await response.arrayBuffer()) };
}

describe("chats: SillyTavern import and export", () => {
  it("imports a file with unknown fields and exports it back field for field", async () => {
    const { deviceToken: token } = await createUser();
    const socket = await openSocket(token);
    const response = await importJsonl(token, sample);
    const chat = await response.json<any>();
    expect(response.status, JSON.stringify(chat)).toBe(201);
    expect(chat).toMatchObject({
      title: "Seraphina - 2024-06-05@15h02m10s",
      messageCount: 5,
      revision: 1,
      character: { name: "Seraphina" },
    });
    await socket.waitFor((f) => f.type === "chat.changed" && f.chatId === chat.id);

    const window = await apiJson(`/api/v1/chats/${chat.id}/messages`, { token, expectStatus: 200 });
    expect(window.messages.map((m: any) => m.role)).toEqual(["assistant", "user", "assistant", "system", "user"]);
    expect(window.messages[2]).toMatchObject({
      text: "You are in the Eldoria forest.",
      swipeId: 1,
      swipes: ["You are in a cave.", "You are in the Eldoria forest.", "Somewhere else"],
    });
    expect(window.messages[1]).toMatchObject({
      name: "Alice",
      text: "Hello! Where am I? 🌲",
      sendDate: "1717599800123",
    });

    const { response: exported, text } = await exportText(token, chat.id);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("application/x-ndjson");
    expect(exported.headers.get("content-disposition")).toContain(".jsonl");
    expect(parseLines(text)).toEqual(parseLines(sample));
    // Unknown fields keep their key order and exact number digits.
    expect(text).toBe(sample);
    socket.ws.close();
  });

  it("edits after import are exported and re-import gives the same chat", async () => {
    const { deviceToken: token } = await createUser();
    const chat = await (await importJsonl(token, sample, "text/plain", "?title=My%20import")).json<any>();
    expect(chat.title).toBe("My import");
    const window = await apiJson(`/api/v1/chats/${chat.id}/messages`, { token });
    const target = window.messages[2];
    await apiJson(`/api/v1/chats/${chat.id}/messages/${target.messageId}`, {
      token,
      method: "PATCH",
      body: { swipeId: 2, ifRevision: 1 },
      expectStatus: 200,
    });
    await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "tool", text: '{"ok":true}', toolCallId: "call_1" },
      expectStatus: 201,
    });
    const { text } = await exportText(token, chat.id);
    const lines = parseLines(text) as any[];
    expect(lines[0].chat_metadata.tauritavern.chat).toEqual({ title: "My import", character: { name: "Seraphina" } });
    expect(lines[0].x_unknown_header).toBe("keep me");
    expect(lines[3]).toMatchObject({
      mes: "Somewhere else",
      swipe_id: 2,
      gen_started: "2024-06-05T15:03:01.000Z",
      is_name: true,
    });
    expect(lines[6].extra.tauritavern.toolMessage).toEqual({ role: "tool", toolCallId: "call_1" });

    const again = await (await importJsonl(token, text)).json<any>();
    expect(again).toMatchObject({ title: "My import", messageCount: 6, character: { name: "Seraphina" } });
    const reread = await apiJson(`/api/v1/chats/${again.id}/messages?fromEnd=true&limit=2`, { token });
    expect(reread.messages[1]).toMatchObject({ role: "tool", toolCallId: "call_1", text: '{"ok":true}', extra: {} });
    expect((await exportText(token, again.id)).text).toBe(text);
  });

  it("exports a chat made here with a fresh header", async () => {
    const { deviceToken: token } = await createUser();
    const chat = await createChat(token, {
      title: "Made here",
      character: { name: "Bot", description: "d" },
      systemPrompt: "sys",
    });
    await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "user", text: "hi", extra: { n: 1 } },
      expectStatus: 201,
    });
    const lines = parseLines((await exportText(token, chat.id)).text) as any[];
    expect(lines[0]).toMatchObject({
      user_name: "User",
      character_name: "Bot",
      chat_metadata: {
        tauritavern: {
          chat: { title: "Made here", character: { name: "Bot", description: "d" }, systemPrompt: "sys" },
        },
      },
    });
    expect(lines[1]).toMatchObject({ name: "User", is_user: true, is_system: false, mes: "hi", extra: { n: 1 } });
    const back = await (await importJsonl(token, lines.map((l) => JSON.stringify(l)).join("\n"))).json<any>();
    expect(back).toMatchObject({
      title: "Made here",
      systemPrompt: "sys",
      character: { name: "Bot", description: "d" },
      messageCount: 1,
    });
  });

  it("a malformed line is reported with its number and nothing is imported", async () => {
    const { deviceToken: token } = await createUser();
    const lines = sample.trimEnd().split("\n");
    const broken = [...lines.slice(0, 3), '{"name":"Alice","mes": oops}', ...lines.slice(3)].join("\n");
    const response = await importJsonl(token, broken);
    const body = await response.json<any>();
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ code: "chat.import_invalid_line", details: { line: 4 } });
    expect(body.error.message).toContain("Line 4");
    const notText = await (await importJsonl(token, `${lines[0]}\n{"name":"x","mes":42}\n`)).json<any>();
    expect(notText.error).toMatchObject({ code: "chat.import_invalid_line", details: { line: 2 } });
    expect((await apiJson("/api/v1/chats", { token })).chats).toEqual([]);
  });

  it("reports bad UTF-8 bytes on the line that holds them, even in the same upload chunk", async () => {
    const { deviceToken: token } = await createUser();
    const encoder = new TextEncoder();
    const body = new Uint8Array([
      ...encoder.encode('{"user_name":"a"}\n{"mes":"'),
      0xff,
      0xfe,
      ...encoder.encode('"}\n'),
    ]);
    const response = await SELF.fetch("https://edge.test/api/v1/chats/import", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
    });
    const error = (await response.json<any>()).error;
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: "chat.import_invalid_line", details: { line: 2 } });
    expect(error.message).toContain("Line 2");
    expect((await apiJson("/api/v1/chats", { token })).chats).toEqual([]);
  });

  it("rejects an oversized message text with its line, a wrong media type and an empty file", async () => {
    const { deviceToken: token } = await createUser();
    const huge = `{"user_name":"U","character_name":"C"}\n{"name":"U","is_user":true,"mes":"a"}\n{"name":"C","mes":"${"x".repeat(1024 * 1024 + 1)}"}\n`;
    const tooBig = await importJsonl(token, huge);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json<any>()).error).toMatchObject({
      code: "chat.message_text_too_large",
      details: { line: 3 },
    });
    const wrongType = await importJsonl(token, sample, "application/json");
    expect(wrongType.status).toBe(415);
    const empty = await importJsonl(token, "\n\n");
    expect((await empty.json<any>()).error.code).toBe("chat.import_empty");
    expect((await apiJson("/api/v1/chats", { token })).chats).toEqual([]);
  });

  it("streams a large upload (many chunks, long lines) and the export streams it back", async () => {
    const { deviceToken: token } = await createUser();
    const encoder = new TextEncoder();
    const count = 1500;
    const pad = "word ".repeat(400);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(encoder.encode(`{"user_name":"U","character_name":"Big"}\n`));
        if (sent >= count) return controller.close();
        const lines = [];
        for (let i = 0; i < 100 && sent < count; i += 1, sent += 1)
          lines.push(
            JSON.stringify({ name: "U", is_user: sent % 2 === 0, mes: `#${sent} ${pad}`, extra: { i: sent } }),
          );
        const bytes = encoder.encode(`${lines.join("\n")}\n`);
        // Split across chunk boundaries in the middle of lines and of multi-byte characters.
        controller.enqueue(bytes.subarray(0, 1001));
        controller.enqueue(bytes.subarray(1001));
      },
    });
    const response = await SELF.fetch("https://edge.test/api/v1/chats/import", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
    });
    const chat = await response.json<any>();
    expect(response.status, JSON.stringify(chat)).toBe(201);
    expect(chat.messageCount).toBe(count);
    const last = await apiJson(`/api/v1/chats/${chat.id}/messages?fromEnd=true&limit=1`, { token });
    expect(last.messages[0]).toMatchObject({ index: count - 1, extra: { i: count - 1 } });
    const exported = await api(`/api/v1/chats/${chat.id}/export`, { token });
    let lines = 0;
    let tail = "";
    const reader = exported.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = tail + value;
      const parts = text.split("\n");
      tail = parts.pop()!;
      lines += parts.length;
    }
    expect(lines).toBe(count + 1);
  });

  it("unknown chat → 404 on export", async () => {
    const { deviceToken: token } = await createUser();
    expect((await apiJson(`/api/v1/chats/nope/export`, { token, expectStatus: 404 })).error.code).toBe(
      "chat.not_found",
    );
  });
});
