/**
 * Character cards round trip (issue [characters-lore] "Must show"): V2 PNG, V3 PNG and JSON cards
 * made here (extension and unknown fields, an embedded book) import → export keeping every field;
 * the book becomes a linked World Info book; bad files get clear codes and nothing is written.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket } from "../helpers";
import { BASE_PNG, cardPng, readPng, v2Card, v3Card } from "./card-files";

async function importFile(token: string, body: Uint8Array | string, type: string, expectStatus = 201) {
  const response = await SELF.fetch("https://edge.test/api/v1/characters/import", {
    method: "POST",
    body: body as BodyInit,
    headers: { "content-type": type, authorization: `Bearer ${token}` },
  });
  const json = (await response.json()) as any;
  expect(response.status, JSON.stringify(json)).toBe(expectStatus);
  return json;
}

async function exported(token: string, id: string, query: string): Promise<Response> {
  const response = await api(`/api/v1/characters/${id}/export?${query}`, { token });
  expect(response.status).toBe(200);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  return response;
}

describe("character cards: import → export keeps every field", () => {
  it("V2 PNG: chara read, book linked, both chunks written, avatar served as image/png", async () => {
    const { deviceToken: token } = await createUser();
    const socket = await openSocket(token);
    const card = v2Card();
    const created = await importFile(token, cardPng({ chara: card }), "image/png");
    expect(created).toMatchObject({ name: "Seraphina", spec: "v2", hasAvatar: true, tags: ["fantasy", "guardian"] });
    expect(created.card.data.character_book).toBeUndefined();
    await socket.waitFor((f: any) => f.type === "character.changed" && f.characterId === created.id);

    const book = await apiJson(`/api/v1/worldinfo/${created.bookId}`, { token, expectStatus: 200 });
    expect(book).toMatchObject({ name: "Eldoria Lore", characterId: created.id, entryCount: 2 });
    expect(book.attachments).toEqual([{ scope: "character", id: created.id }]);
    expect(book.entries.map((e: any) => e.uid)).toEqual([0, 7]);
    expect(book.entries[1]).toMatchObject({ position: 4, depth: 2, role: 1, selectiveLogic: 3, disable: true });

    const v2 = (await (await exported(token, created.id, "format=json&spec=v2")).json()) as any;
    expect(v2).toEqual(card);

    const png = new Uint8Array(await (await exported(token, created.id, "format=png")).arrayBuffer());
    const read = readPng(png);
    expect(read.cards.chara).toEqual(card);
    expect(read.cards.ccv3).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0", data: card.data });
    expect(read.comments).toEqual(["Comment=made in a test"]);
    expect(read.chunkNames.filter((n) => n === "tEXt")).toHaveLength(3);

    const avatar = await api(`/api/v1/characters/${created.id}/avatar`, { token });
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toBe("image/png");
    expect(avatar.headers.get("x-content-type-options")).toBe("nosniff");
    const avatarPng = readPng(new Uint8Array(await avatar.arrayBuffer()));
    expect(avatarPng.cards).toEqual({});
    expect(avatarPng.chunkNames).toContain("IDAT");
    socket.ws.close();
  });

  it("V3 PNG: ccv3 is read before chara, and V3 fields survive both exports", async () => {
    const { deviceToken: token } = await createUser();
    const card = v3Card();
    const staleV2 = { ...v2Card("Old name") };
    const created = await importFile(token, cardPng({ chara: staleV2, ccv3: card }), "image/png");
    expect(created).toMatchObject({ name: "Aria", spec: "v3" });
    const v3 = (await (await exported(token, created.id, "format=json")).json()) as any;
    expect(v3).toEqual(card);
    const read = readPng(new Uint8Array(await (await exported(token, created.id, "format=png")).arrayBuffer()));
    expect(read.cards.ccv3).toEqual(card);
    expect(read.cards.chara).toEqual({ ...card, spec: "chara_card_v2", spec_version: "2.0" });
  });

  it("JSON with extension fields and an embedded book; an edited book goes back with its unknown fields", async () => {
    const { deviceToken: token } = await createUser();
    const card = v2Card("Json Girl");
    const created = await importFile(token, JSON.stringify(card), "application/json");
    expect(created.hasAvatar).toBe(false);
    expect((await (await exported(token, created.id, "format=json&spec=v2")).json()) as any).toEqual(card);

    const book = await apiJson(`/api/v1/worldinfo/${created.bookId}`, { token, expectStatus: 200 });
    const stored = book.entries.find((e: any) => e.uid === 0);
    expect(stored).toMatchObject({ sticky: 2, cooldown: 1, key: ["Eldoria", "/elder\\s+tree/i"] });
    await apiJson(`/api/v1/worldinfo/${created.bookId}/entries/0`, {
      token,
      method: "PUT",
      body: { entry: { ...stored, key: ["Eldoria", "kingdom"], content: "Edited." }, ifRevision: book.revision },
      expectStatus: 200,
    });
    const after = (await (await exported(token, created.id, "format=json&spec=v2")).json()) as any as any;
    const entry = after.data.character_book.entries.find((e: any) => e.id === 0);
    expect(entry).toMatchObject({
      keys: ["Eldoria", "kingdom"],
      content: "Edited.",
      unknown_entry_field: "survives",
      extensions: { custom_tool_hint: { a: [1, 2] }, sticky: 2, cooldown: 1 },
    });
    expect(after.data.character_book).toMatchObject({ name: "Eldoria Lore", extensions: { book_flag: "kept" } });
    expect(after.data.made_up_data_field).toEqual({ nested: true });

    const png = readPng(new Uint8Array(await (await exported(token, created.id, "format=png")).arrayBuffer()));
    expect(png.cards.chara.data.name).toBe("Json Girl");
  });

  it("V1 JSON becomes a V2 card with every field kept", async () => {
    const { deviceToken: token } = await createUser();
    const v1 = {
      name: "Old",
      description: "d",
      personality: "p",
      scenario: "s",
      first_mes: "hi",
      mes_example: "",
      extra_v1: 3,
    };
    const created = await importFile(token, JSON.stringify(v1), "application/json");
    const v2 = (await (await exported(token, created.id, "format=json&spec=v2")).json()) as any;
    expect(v2).toMatchObject({ spec: "chara_card_v2", data: v1 });
  });
});

describe("character cards: bad input", () => {
  it("refuses a PNG without a card, a truncated PNG, a non-card or too deeply nested JSON, a wrong type, an over-size file and an invalid regex key — writing nothing", async () => {
    const { deviceToken: token } = await createUser();
    const noCard = await importFile(token, BASE_PNG, "image/png", 400);
    expect(noCard.error.code).toBe("character.png_no_card");
    const full = cardPng({ chara: v2Card() });
    const truncated = await importFile(token, full.slice(0, full.length - 20), "image/png", 400);
    expect(truncated.error.code).toBe("character.png_invalid");
    const notCard = await importFile(token, JSON.stringify({ hello: 1 }), "application/json", 400);
    expect(notCard.error.code).toBe("character.card_invalid");
    const deep = await importFile(token, `${"[".repeat(5000)}${"]".repeat(5000)}`, "application/json", 400);
    expect(deep.error).toMatchObject({ code: "character.card_invalid", details: { maxDepth: 64 } });
    const wrongType = await importFile(token, "x", "multipart/form-data; boundary=x", 415);
    expect(wrongType.error.code).toBe("character.unsupported_media_type");
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(full);
    const tooBig = await importFile(token, big, "image/png", 413);
    expect(tooBig.error.code).toBe("character.card_too_large");
    const badRegex = v2Card();
    badRegex.data.character_book.entries[1].keys = ["/unclosed(/"];
    const regex = await importFile(token, cardPng({ chara: badRegex }), "image/png", 400);
    expect(regex.error).toMatchObject({ code: "worldinfo.invalid_regex", details: { uid: 7, key: "/unclosed(/" } });
    expect((await apiJson("/api/v1/characters", { token, expectStatus: 200 })).characters).toEqual([]);
    expect((await apiJson("/api/v1/worldinfo", { token, expectStatus: 200 })).books).toEqual([]);
  });
});
