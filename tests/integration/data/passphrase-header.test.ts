/**
 * The `TavernEdge-Passphrase` header carries any Unicode passphrase as an RFC 8187 ext-value
 * (`UTF-8''` + percent-encoded UTF-8, how the web client always sends it); any other value is the
 * passphrase verbatim (curl with ASCII); a broken encoding is `data.passphrase_encoding`
 * (docs/spec/data-portability.md §2).
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiJson, createUser, type TestUser } from "../helpers";
import { inSpace } from "../workspace/ws-helpers";
import { exportAccount, restore } from "./data-helpers";

const CHINESE = "冰龙的秘密口令123";
const ASCII = "plain ascii passphrase";
const SECRET = "sk-dragon-0042";

let source: TestUser;

/** `encodeURIComponent` plus `'()*`, as the web client encodes (web/src/settings/data-api.ts). */
const ext = (passphrase: string) => `UTF-8''${encodeURIComponent(passphrase)}`;

async function previewWith(token: string, archive: Uint8Array, header: string): Promise<Response> {
  return SELF.fetch("https://edge.test/api/v1/restore/preview", {
    method: "POST",
    body: archive as Uint8Array<ArrayBuffer>,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip", "TavernEdge-Passphrase": header },
  });
}

async function restoredHeaders(archive: Uint8Array, header: string) {
  const target = await createUser();
  const response = await previewWith(target.deviceToken, archive, header);
  const previewed = (await response.json()) as any;
  expect(response.status, JSON.stringify(previewed)).toBe(200);
  const report = await restore(target.deviceToken, previewed.restoreId, "skip");
  expect(report.status).toBe("done");
  const { servers } = await apiJson("/api/v1/mcp/servers", { token: target.deviceToken, expectStatus: 200 });
  return servers[0].headers;
}

describe("passphrase header encoding", () => {
  beforeAll(async () => {
    source = await createUser();
    await apiJson("/api/v1/mcp/servers", {
      token: source.deviceToken,
      expectStatus: 201,
      body: { displayName: "Dragon", endpoint: "https://dragon.example.com/mcp", headers: { "X-Key": SECRET } },
    });
  });

  it("a Chinese passphrase, sent as UTF-8'' percent-encoded, restores the secrets", async () => {
    const archive = await exportAccount(source.deviceToken, { includeSecrets: true, passphrase: CHINESE });
    expect(ext(CHINESE)).toMatch(/^[\x21-\x7e]+$/);
    expect(await restoredHeaders(archive, ext(CHINESE))).toEqual({ "X-Key": SECRET });
    // The charset name is case-insensitive (RFC 8187).
    expect(await restoredHeaders(archive, `utf-8''${encodeURIComponent(CHINESE)}`)).toEqual({ "X-Key": SECRET });

    // Another passphrase that shares the digits is still wrong.
    const target = await createUser();
    const wrong = await previewWith(target.deviceToken, archive, ext("冰龙的秘密口令124"));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as any).error.code).toBe("data.passphrase_wrong");
  });

  it("an ASCII passphrase works raw (curl) and encoded (web client)", async () => {
    const archive = await exportAccount(source.deviceToken, { includeSecrets: true, passphrase: ASCII });
    expect(await restoredHeaders(archive, ASCII)).toEqual({ "X-Key": SECRET });
    expect(await restoredHeaders(archive, ext(ASCII))).toEqual({ "X-Key": SECRET });
  });

  it("a broken UTF-8'' value: 400 data.passphrase_encoding, nothing staged", async () => {
    const archive = await exportAccount(source.deviceToken, { includeSecrets: true, passphrase: CHINESE });
    const target = await createUser();
    for (const header of ["UTF-8''%E5%86", "UTF-8''%ZZabc", "UTF-8''two words"]) {
      const response = await previewWith(target.deviceToken, archive, header);
      const body = (await response.json()) as any;
      expect(response.status, header).toBe(400);
      expect(body.error.code, header).toBe("data.passphrase_encoding");
      expect(body.error.message).not.toContain("%E5");
    }
    const staged = await inSpace(target.userId, (space) =>
      Number(space.sql.exec("SELECT count(*) AS n FROM te_data_restores").one().n),
    );
    expect(staged).toBe(0);
  });
});
