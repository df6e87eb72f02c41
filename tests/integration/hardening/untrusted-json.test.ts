/**
 * Issue 30 items 2 and 3: deeply nested JSON is refused before it becomes objects (400
 * input.invalid with the path, never a 500), on every body and on socket frames; text that cannot
 * be stored faithfully (invalid UTF-8 bytes, a lone surrogate, NUL) is refused with its own code,
 * so an answer always equals what a later read returns.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket, type TestUser } from "../helpers";

/** `{"k":{"k":…{"k":1}…}}` with `levels` objects. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = { k: value };
  return value;
};
/** Raw text `[[[…]]]` nested `levels` deep (what an attacker sends; no object is built here). */
const deepArrays = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

async function newChat(user: TestUser): Promise<string> {
  return (await apiJson("/api/v1/chats", { token: user.deviceToken, body: { title: "Deep" }, expectStatus: 201 })).id;
}

async function expectDepthRefusal(response: Response, pathStart: string): Promise<void> {
  const body = await response.json<any>();
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(400);
  expect(body.error.code).toBe("input.invalid");
  expect(body.error.details.maxDepth).toBe(64);
  expect(body.error.details.path.startsWith(pathStart)).toBe(true);
  expect(body.error.message).toContain("64 levels");
}

describe("deeply nested JSON bodies", () => {
  it("a message whose extra nests 3,000 levels is refused with the path, not a 500", async () => {
    const user = await createUser();
    const chatId = await newChat(user);
    const body = `{"role":"user","text":"hi","extra":{"a":${deepArrays(3000)}}}`;
    await expectDepthRefusal(
      await api(`/api/v1/chats/${chatId}/messages`, { token: user.deviceToken, body }),
      "extra.a.0.0",
    );
    const { total } = await apiJson(`/api/v1/chats/${chatId}/messages`, { token: user.deviceToken, expectStatus: 200 });
    expect(total).toBe(0);
  });

  it("nesting up to 64 levels is accepted and read back unchanged; 65 is refused", async () => {
    const user = await createUser();
    const chatId = await newChat(user);
    // The body object (1) + 63 nested objects under `extra` → 64 levels in all.
    const ok = await apiJson(`/api/v1/chats/${chatId}/messages`, {
      token: user.deviceToken,
      body: { role: "user", text: "hi", extra: nested(63) },
      expectStatus: 201,
    });
    const read = await apiJson(`/api/v1/chats/${chatId}/messages/${ok.messageId}`, {
      token: user.deviceToken,
      expectStatus: 200,
    });
    expect(read.extra).toEqual(nested(63));
    await expectDepthRefusal(
      await api(`/api/v1/chats/${chatId}/messages`, {
        token: user.deviceToken,
        body: { role: "user", text: "hi", extra: nested(64) },
      }),
      "extra.k",
    );
  });

  it("PATCH of a message, profile create and import, and a run's promptSnapshot are refused alike", async () => {
    const user = await createUser();
    const chatId = await newChat(user);
    const message = await apiJson(`/api/v1/chats/${chatId}/messages`, {
      token: user.deviceToken,
      body: { role: "user", text: "hi" },
      expectStatus: 201,
    });
    const deep = deepArrays(2500);
    const cases: Array<[string, string, string, string]> = [
      ["PATCH", `/api/v1/chats/${chatId}/messages/${message.messageId}`, `{"extra":{"x":${deep}}}`, "extra.x"],
      ["POST", "/api/v1/agent/profiles", `{"profile":{"id":"p","tools":${deep}}}`, "profile.tools"],
      ["POST", "/api/v1/agent/profiles/import", `{"profile":{"x":${deep}}}`, "profile.x"],
      [
        "POST",
        "/api/v1/agent/runs",
        `{"stableChatId":"c","promptSnapshot":{"chatCompletionPayload":{"messages":${deep}}}}`,
        "promptSnapshot.chatCompletionPayload.messages",
      ],
    ];
    for (const [method, path, body, pathStart] of cases)
      await expectDepthRefusal(await api(path, { method, token: user.deviceToken, body }), pathStart);
  });

  it("brackets inside strings do not count as nesting", async () => {
    const user = await createUser();
    const chatId = await newChat(user);
    const text = `${"[{".repeat(500)}"\\" ]`;
    const created = await apiJson(`/api/v1/chats/${chatId}/messages`, {
      token: user.deviceToken,
      body: { role: "user", text },
      expectStatus: 201,
    });
    expect(created.text).toBe(text);
  });
});

describe("text that cannot be stored faithfully", () => {
  it("raw invalid UTF-8 in a body is refused with http.invalid_utf8 and nothing is stored", async () => {
    const user = await createUser();
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"title":"caf'),
      0xe9,
      ...new TextEncoder().encode('"}'),
    ]);
    const response = await SELF.fetch("https://edge.test/api/v1/chats", {
      method: "POST",
      headers: { authorization: `Bearer ${user.deviceToken}`, "content-type": "application/json" },
      body: bytes,
    });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.code).toBe("http.invalid_utf8");
    const { chats } = await apiJson("/api/v1/chats", { token: user.deviceToken, expectStatus: 200 });
    expect(chats).toEqual([]);
  });

  it("a lone surrogate is refused with the path instead of being stored as U+FFFD", async () => {
    const user = await createUser();
    const response = await api("/api/v1/chats", { token: user.deviceToken, body: '{"title":"half \\ud83d moon"}' });
    expect(response.status).toBe(400);
    const { error } = await response.json<any>();
    expect(error.code).toBe("input.invalid_text");
    expect(error.details.path).toBe("title");
    const { chats } = await apiJson("/api/v1/chats", { token: user.deviceToken, expectStatus: 200 });
    expect(chats).toEqual([]);
  });

  it("a whole surrogate pair (emoji) is stored and read back exactly", async () => {
    const user = await createUser();
    const created = await apiJson("/api/v1/chats", {
      token: user.deviceToken,
      body: '{"title":"moon \\ud83c\\udf19 夜"}',
      expectStatus: 201,
    });
    expect(created.title).toBe("moon 🌙 夜");
    const read = await apiJson(`/api/v1/chats/${created.id}`, { token: user.deviceToken, expectStatus: 200 });
    expect(read.title).toBe(created.title);
  });

  it("NUL in a name is refused", async () => {
    const user = await createUser();
    const response = await api(`/api/v1/devices/${user.deviceId}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: '{"name":"Lap\\u0000top"}',
    });
    expect(response.status).toBe(400);
    const { error } = await response.json<any>();
    expect(error.code).toBe("input.invalid_text");
    expect(error.details.path).toBe("name");
    const { devices } = await apiJson("/api/v1/devices", { token: user.deviceToken, expectStatus: 200 });
    expect(devices[0].name).toBe("Laptop");
  });
});

describe("socket frames", () => {
  it("a deeply nested frame gets ws.frame_invalid naming the limit; the socket stays usable", async () => {
    const user = await createUser();
    const socket = await openSocket(user.deviceToken);
    socket.ws.send(`{"type":"ping","id":${deepArrays(4000)}}`);
    const error = await socket.waitFor((f) => f.type === "error");
    expect(error.code).toBe("ws.frame_invalid");
    expect(error.message).toContain("64 levels");
    socket.send({ type: "ping", id: "after" });
    await socket.waitFor((f) => f.type === "pong" && f.id === "after");
  });

  it("a binary frame that is not UTF-8 gets ws.frame_invalid", async () => {
    const user = await createUser();
    const socket = await openSocket(user.deviceToken);
    socket.ws.send(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    const error = await socket.waitFor((f) => f.type === "error");
    expect(error).toMatchObject({ code: "ws.frame_invalid", message: "A frame must be UTF-8 JSON text." });
  });
});
