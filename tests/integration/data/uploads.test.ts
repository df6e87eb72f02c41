/**
 * An archive uploaded in parts (docs/spec/data-portability.md §3; past one request's body limit):
 * `POST /restore/uploads` then `PUT /restore/uploads/:restoreId` with `TavernEdge-Upload-Offset`
 * (a part at the wrong offset is refused with where to resume), then `POST /restore/preview
 * {restoreId}`; a missing passphrase keeps the staged parts so the preview can be asked again.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";
import { exportAccount, restore } from "./data-helpers";

const PASSPHRASE = "parts and pieces passphrase";

function send(token: string, path: string, method: string, body: Uint8Array, headers: Record<string, string> = {}) {
  return SELF.fetch(`https://edge.test/api/v1${path}`, {
    method,
    body: body as Uint8Array<ArrayBuffer>,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", ...headers },
  });
}

describe("restore uploads in parts", () => {
  it("stages parts at their offsets, previews the staged file, retries a missing passphrase", async () => {
    const source = await createUser();
    await apiJson("/api/v1/chats", { token: source.deviceToken, body: { title: "Parted" }, expectStatus: 201 });
    await apiJson("/api/v1/mcp/servers", {
      token: source.deviceToken,
      expectStatus: 201,
      body: { displayName: "S", endpoint: "https://s.example.com/mcp", headers: { "X-K": "part-secret-1" } },
    });
    const archive = await exportAccount(source.deviceToken, { includeSecrets: true, passphrase: PASSPHRASE });
    const cut = Math.floor(archive.byteLength / 2);
    const target = await createUser();
    const token = target.deviceToken;

    const first = await send(token, "/restore/uploads", "POST", archive.subarray(0, cut));
    expect(first.status).toBe(201);
    const { restoreId, bytes } = (await first.json()) as { restoreId: string; bytes: number };
    expect(bytes).toBe(cut);

    const wrong = await send(token, `/restore/uploads/${restoreId}`, "PUT", archive.subarray(cut), {
      "TavernEdge-Upload-Offset": "1",
    });
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as any).error).toMatchObject({ code: "data.upload_offset", details: { bytes: cut } });

    const second = await send(token, `/restore/uploads/${restoreId}`, "PUT", archive.subarray(cut), {
      "TavernEdge-Upload-Offset": String(cut),
    });
    expect(second.status).toBe(200);
    expect(((await second.json()) as any).bytes).toBe(archive.byteLength);

    const missing = await apiJson("/api/v1/restore/preview", { token, body: { restoreId }, expectStatus: 400 });
    expect(missing.error.code).toBe("data.passphrase_required");
    const preview = await apiJson("/api/v1/restore/preview", {
      token,
      body: { restoreId },
      headers: { "TavernEdge-Passphrase": PASSPHRASE },
      expectStatus: 200,
    });
    expect(preview).toMatchObject({ restoreId, bytes: archive.byteLength, counts: { chats: 1, mcp: 1 } });
    const done = await restore(token, restoreId, "skip");
    expect(done.report).toMatchObject({ imported: 2, refused: 0 });
    const servers = await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 });
    expect(servers.servers[0].headers).toEqual({ "X-K": "part-secret-1" });
  });
});
