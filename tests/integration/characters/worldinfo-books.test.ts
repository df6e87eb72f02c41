/**
 * World Info books over HTTP (docs/spec/worldinfo.md §1–§4): a SillyTavern World Info JSON file
 * imports and exports keyed by uid with every field (SillyTavern's, `extensions.*`, unknown ones);
 * entries are added, replaced and deleted under a revision check; settings read and patch with
 * live frames; bad files and invalid regex keys get their codes and write nothing.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser, openSocket } from "../helpers";
import { SELF } from "cloudflare:test";

const stFile = {
  entries: {
    "12": {
      uid: 12,
      key: ["river", "/brook/i"],
      keysecondary: ["boat"],
      comment: "Rivers",
      content: "Rivers flow east.",
      constant: false,
      selective: true,
      selectiveLogic: 2,
      order: 42,
      position: 4,
      depth: 3,
      role: 2,
      disable: false,
      probability: 80,
      useProbability: true,
      group: "water",
      groupOverride: false,
      groupWeight: 70,
      sticky: 3,
      cooldown: 2,
      delay: 1,
      vectorized: true,
      automationId: "auto-1",
      extensions: { my_ext: { deep: [1, "two"] } },
      future_field: "kept",
    },
    "3": { uid: 3, key: ["sea"], content: "The sea is salty.", comment: "Sea", order: 100, position: 0 },
  },
  originalData: { name: "from ST" },
};

async function importBook(token: string, body: unknown, expectStatus = 201) {
  const response = await SELF.fetch("https://edge.test/api/v1/worldinfo/import?name=Waters", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  });
  const json = (await response.json()) as any;
  expect(response.status, JSON.stringify(json)).toBe(expectStatus);
  return json;
}

describe("world info books", () => {
  it("imports and exports a SillyTavern World Info file keyed by uid with every field", async () => {
    const { deviceToken: token } = await createUser();
    const book = await importBook(token, stFile);
    expect(book).toMatchObject({ name: "Waters", entryCount: 2, revision: 1, attachments: [] });
    const exported = await SELF.fetch(`https://edge.test/api/v1/worldinfo/${book.id}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.headers.get("content-disposition")).toContain("Waters.json");
    const file = (await exported.json()) as any;
    expect(Object.keys(file.entries).sort()).toEqual(["12", "3"]);
    expect(file.entries["12"]).toMatchObject(stFile.entries["12"]);
    expect(file.entries["3"]).toMatchObject(stFile.entries["3"]);
    expect(file.originalData).toEqual({ name: "from ST" });
  });

  it("edits entries under a revision check and deletes them; settings patch live", async () => {
    const { deviceToken: token } = await createUser();
    const socket = await openSocket(token);
    const book = await importBook(token, stFile);
    const added = await apiJson(`/api/v1/worldinfo/${book.id}/entries`, {
      token,
      body: { entry: { key: ["lake"], content: "A lake." }, ifRevision: 1 },
      expectStatus: 201,
    });
    expect(added.revision).toBe(2);
    expect(added.entries.find((e: any) => e.key[0] === "lake").uid).toBe(13);
    const stale = await apiJson(`/api/v1/worldinfo/${book.id}/entries/3`, {
      token,
      method: "PUT",
      body: { entry: { key: ["ocean"], content: "x" }, ifRevision: 1 },
      expectStatus: 409,
    });
    expect(stale.error.code).toBe("worldinfo.revision_conflict");
    const badRegex = await apiJson(`/api/v1/worldinfo/${book.id}/entries/3`, {
      token,
      method: "PUT",
      body: { entry: { key: ["/[a-/"], content: "x" } },
      expectStatus: 400,
    });
    expect(badRegex.error.code).toBe("worldinfo.invalid_regex");
    const removed = await apiJson(`/api/v1/worldinfo/${book.id}/entries/3`, {
      token,
      method: "DELETE",
      expectStatus: 200,
    });
    expect(removed.entries.map((e: any) => e.uid)).toEqual([12, 13]);
    const missing = await apiJson(`/api/v1/worldinfo/${book.id}/entries/3`, {
      token,
      method: "DELETE",
      expectStatus: 404,
    });
    expect(missing.error.code).toBe("worldinfo.book_entry_not_found");

    expect(await apiJson("/api/v1/worldinfo/settings", { token, expectStatus: 200 })).toEqual({
      scanDepth: 2,
      budgetPercent: 25,
      budgetCap: 0,
      recursive: false,
      caseSensitive: false,
      matchWholeWords: false,
      minActivations: 0,
      minActivationsDepthMax: 0,
    });
    const patched = await apiJson("/api/v1/worldinfo/settings", {
      token,
      method: "PATCH",
      body: { scanDepth: 5, recursive: true },
      expectStatus: 200,
    });
    expect(patched).toMatchObject({ scanDepth: 5, recursive: true, budgetPercent: 25 });
    await socket.waitFor((f: any) => f.type === "worldinfo.changed" && f.settings === true);
    const bad = await apiJson("/api/v1/worldinfo/settings", {
      token,
      method: "PATCH",
      body: { budgetPercent: 0 },
      expectStatus: 400,
    });
    expect(bad.error.code).toBe("input.invalid");
    socket.ws.close();
  });

  it("refuses a file that is not World Info and an invalid regex key, writing nothing", async () => {
    const { deviceToken: token } = await createUser();
    expect((await importBook(token, { hello: 1 }, 400)).error.code).toBe("worldinfo.file_invalid");
    // A picture (not UTF-8) and plain text (not JSON) picked by mistake say what the file is not.
    for (const body of [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]),
      "just some notes",
    ]) {
      const response = await SELF.fetch("https://edge.test/api/v1/worldinfo/import", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error.code).toBe("worldinfo.file_invalid");
    }
    const broken = { entries: { "0": { uid: 0, key: ["/(/"], content: "x" } } };
    expect((await importBook(token, broken, 400)).error).toMatchObject({
      code: "worldinfo.invalid_regex",
      details: { uid: 0 },
    });
    expect((await apiJson("/api/v1/worldinfo", { token, expectStatus: 200 })).books).toEqual([]);
    const attach = await apiJson("/api/v1/worldinfo/wi_missing", {
      token,
      method: "PATCH",
      body: { name: "x" },
      expectStatus: 404,
    });
    expect(attach.error.code).toBe("worldinfo.book_not_found");
  });
});
