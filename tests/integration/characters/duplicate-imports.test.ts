/**
 * The same card or World Info file imported twice (docs/spec/characters.md §2 "The same card
 * twice"): the second import is refused with the character (book) it matches and nothing is
 * written; `onDuplicate=copy` imports it anyway; a different card, or the same card after the
 * first copy was deleted, imports at once.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";
import { cardPng, v2Card } from "./card-files";

async function importCard(token: string, body: Uint8Array | string, query = "") {
  const response = await SELF.fetch(`https://edge.test/api/v1/characters/import${query}`, {
    method: "POST",
    body: body as BodyInit,
    headers: {
      "content-type": typeof body === "string" ? "application/json" : "image/png",
      authorization: `Bearer ${token}`,
    },
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function importBook(token: string, json: unknown, query = "") {
  const response = await SELF.fetch(`https://edge.test/api/v1/worldinfo/import?name=Harbour${query}`, {
    method: "POST",
    body: JSON.stringify(json),
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

const count = async (token: string) =>
  (await apiJson("/api/v1/characters", { token, expectStatus: 200 })).characters.length;

describe("duplicate imports", () => {
  it("the same card twice is flagged with the character it matches; copy imports it anyway", async () => {
    const { deviceToken: token } = await createUser();
    const png = cardPng({ chara: v2Card() });
    const first = await importCard(token, png);
    expect(first.status).toBe(201);
    const again = await importCard(token, png);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "character.import_duplicate",
      details: { existing: { id: first.body.id, name: "Seraphina" } },
    });
    expect(again.body.error.message).toContain('already in your library as "Seraphina"');
    expect(await count(token)).toBe(1);
    // The same card as a JSON file with other whitespace is the same document.
    expect((await importCard(token, JSON.stringify(v2Card(), null, 2))).status).toBe(409);
    const books = (await apiJson("/api/v1/worldinfo", { token, expectStatus: 200 })).books;
    expect(books).toHaveLength(1);

    const copy = await importCard(token, png, "?onDuplicate=copy");
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(first.body.id);
    expect(await count(token)).toBe(2);
  });

  it("a different card, or the same card after its copy was deleted, imports without asking", async () => {
    const { deviceToken: token } = await createUser();
    const card = v2Card();
    const first = await importCard(token, JSON.stringify(card));
    card.data.description = "A newer version of the card.";
    expect((await importCard(token, JSON.stringify(card))).status).toBe(201);
    await apiJson(`/api/v1/characters/${first.body.id}`, { token, method: "DELETE", expectStatus: 200 });
    card.data.description = v2Card().data.description;
    expect((await importCard(token, JSON.stringify(card))).status).toBe(201);
  });

  it("the same World Info file twice is flagged with the book it matches; copy imports it anyway", async () => {
    const { deviceToken: token } = await createUser();
    const file = { entries: { "0": { uid: 0, key: ["harbour"], content: "The harbour is busy." } } };
    const first = await importBook(token, file);
    expect(first.status).toBe(201);
    const again = await importBook(token, file);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "worldinfo.import_duplicate",
      details: { existing: { id: first.body.id, name: "Harbour" } },
    });
    expect((await apiJson("/api/v1/worldinfo", { token, expectStatus: 200 })).books).toHaveLength(1);
    expect((await importBook(token, file, "&onDuplicate=copy")).status).toBe(201);
    expect((await apiJson("/api/v1/worldinfo", { token, expectStatus: 200 })).books).toHaveLength(2);
  });
});
