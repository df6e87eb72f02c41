/**
 * Bad archives are refused with clear codes and nothing of them is imported
 * (docs/spec/data-portability.md §3–4): a truncated zip, a wrong passphrase, a chat whose JSONL has
 * a bad line (that chat refused whole, the rest imported), zip bombs (declared and lying sizes),
 * a foreign zip and an archive from a newer format.
 */
import { unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { apiJson, createUser, type TestUser } from "../helpers";
import { userWithChat } from "../agent-loop/loop-helpers";
import { inSpace } from "../workspace/ws-helpers";
import { exportAccount, preview, restore } from "./data-helpers";

let source: TestUser;
let chatId: string;
let secondChatId: string;
let archive: Uint8Array;
const PASSPHRASE = "a long enough passphrase";

async function counts(userId: string) {
  return inSpace(userId, (space) => {
    const n = (q: string) => Number(space.sql.exec(q).one().n);
    return {
      chats: n("SELECT count(*) AS n FROM te_chats"),
      messages: n("SELECT count(*) AS n FROM te_chat_messages"),
      registrations: n("SELECT count(*) AS n FROM te_mcp_registrations"),
      staged: n("SELECT count(*) AS n FROM te_data_restore_chunks"),
      restores: n("SELECT count(*) AS n FROM te_data_restores"),
    };
  });
}

async function refused(user: TestUser, bytes: Uint8Array, code: string, passphrase?: string) {
  const response = await preview(user.deviceToken, bytes, passphrase);
  const body = (await response.json()) as any;
  expect(body.error?.code, JSON.stringify(body)).toBe(code);
  expect(response.status).toBeGreaterThanOrEqual(400);
  return body.error;
}

function rezip(edit: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const files = unzipSync(archive);
  edit(files);
  return zipSync(files);
}

describe("bad archives", () => {
  beforeAll(async () => {
    const setup = await userWithChat(["one", "two", "three"]);
    source = setup.user;
    chatId = setup.chatId;
    const second = await apiJson("/api/v1/chats", {
      token: source.deviceToken,
      body: { title: "Second" },
      expectStatus: 201,
    });
    secondChatId = second.id;
    await apiJson("/api/v1/mcp/servers", {
      token: source.deviceToken,
      expectStatus: 201,
      body: { displayName: "Search", endpoint: "https://search.example.com/mcp", headers: { "X-Key": "v-123456" } },
    });
    archive = await exportAccount(source.deviceToken, { includeSecrets: true, passphrase: PASSPHRASE });
  });

  it("a truncated zip: data.archive_invalid, nothing staged or imported", async () => {
    const user = await createUser();
    const error = await refused(
      user,
      archive.subarray(0, Math.floor(archive.byteLength * 0.6)),
      "data.archive_invalid",
    );
    expect(error.message).toMatch(/incomplete|end record/);
    expect(await counts(user.userId)).toEqual({ chats: 0, messages: 0, registrations: 0, staged: 0, restores: 0 });
  });

  it("not a zip, and a zip that is not an account archive: data.archive_invalid", async () => {
    const user = await createUser();
    await refused(user, new TextEncoder().encode("hello, not a zip at all ".repeat(10)), "data.archive_invalid");
    await refused(user, zipSync({ "readme.txt": new TextEncoder().encode("hi") }), "data.archive_invalid");
    expect((await counts(user.userId)).restores).toBe(0);
  });

  it("a newer format: data.format_unsupported", async () => {
    const user = await createUser();
    const newer = rezip((files) => {
      const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]));
      files["manifest.json"] = new TextEncoder().encode(JSON.stringify({ ...manifest, formatVersion: 99 }));
    });
    const error = await refused(user, newer, "data.format_unsupported");
    expect(error.details).toMatchObject({ formatVersion: 99, supported: 1 });
  });

  it("secrets without a passphrase or with a wrong one: refused, nothing imported", async () => {
    const user = await createUser();
    await refused(user, archive, "data.passphrase_required");
    await refused(user, archive, "data.passphrase_wrong", "wrong passphrase!!");
    expect(await counts(user.userId)).toEqual({ chats: 0, messages: 0, registrations: 0, staged: 0, restores: 0 });
  });

  it("a chat with a bad line is refused whole (its line named); the other items are imported", async () => {
    const user = await createUser();
    const name = `chats/${encodeURIComponent(chatId)}/chat.jsonl`;
    const bad = rezip((files) => {
      const lines = new TextDecoder().decode(files[name]).split("\n");
      lines[2] = "{not json";
      files[name] = new TextEncoder().encode(lines.join("\n"));
    });
    const previewed = (await (await preview(user.deviceToken, bad, PASSPHRASE)).json()) as any;
    expect(previewed.counts.chats).toBe(2);
    const done = await restore(user.deviceToken, previewed.restoreId, "skip");
    expect(done.status).toBe("done");
    const line = done.report.items.find((i: any) => i.itemId === chatId);
    expect(line).toMatchObject({ kind: "chats", outcome: "refused", code: "chat.import_invalid_line" });
    expect(line.message).toContain("3");
    expect(done.report.items.find((i: any) => i.itemId === secondChatId)).toMatchObject({ outcome: "imported" });
    expect(done.report).toMatchObject({ refused: 1, imported: done.total - 1 });
    const after = await counts(user.userId);
    expect(after).toMatchObject({ chats: 1, messages: 0, registrations: 1, staged: 0 });
    const missing = await apiJson(`/api/v1/chats/${chatId}`, { token: user.deviceToken, expectStatus: 404 });
    expect(missing.error.code).toBe("chat.not_found");
  });

  it("approved tools with a bad level, an empty or over-long name, or a descriptor of another tool: that server is refused", async () => {
    const good = {
      registrationId: "ignored",
      nativeName: "search",
      approved: { name: "search", description: null, inputSchema: { type: "object" }, annotations: {} },
      approvedHash: "0".repeat(64),
      level: "allow",
      gone: false,
      review: null,
    };
    const bad = [
      { ...good, level: "bogus" },
      { ...good, nativeName: "", approved: { ...good.approved, name: "" } },
      { ...good, nativeName: "x".repeat(5000), approved: { ...good.approved, name: "x".repeat(5000) } },
      { ...good, approved: { ...good.approved, name: "other" } },
    ];
    for (const entry of bad) {
      const user = await createUser();
      const edited = rezip((files) => {
        const registration = Object.keys(files).find((name) => name.endsWith("/registration.json"))!;
        files[registration.replace(/registration\.json$/, "approvals.json")] = new TextEncoder().encode(
          JSON.stringify([good, entry]),
        );
      });
      const previewed = (await (await preview(user.deviceToken, edited, PASSPHRASE)).json()) as any;
      const done = await restore(user.deviceToken, previewed.restoreId, "skip");
      const line = done.report.items.find((i: any) => i.kind === "mcp");
      expect(line, JSON.stringify(done.report.items)).toMatchObject({ outcome: "refused", code: "data.item_invalid" });
      expect(await counts(user.userId)).toMatchObject({ registrations: 0, chats: 2 });
    }
  });

  it("a zip bomb with honest sizes is refused at preview (data.compression_ratio_exceeded)", async () => {
    const user = await createUser();
    const bomb = rezip((files) => {
      files[`chats/${encodeURIComponent(chatId)}/chat.jsonl`] = new Uint8Array(16 * 1024 * 1024);
    });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await refused(user, bomb, "data.compression_ratio_exceeded", PASSPHRASE);
    expect(await counts(user.userId)).toEqual({ chats: 0, messages: 0, registrations: 0, staged: 0, restores: 0 });
  });

  it("a zip bomb that lies about its size stops while inflating; that item is refused, the rest imported", async () => {
    const user = await createUser();
    const name = `chats/${encodeURIComponent(chatId)}/chat.jsonl`;
    const files = unzipSync(archive);
    files[name] = new Uint8Array(16 * 1024 * 1024).fill(32);
    const bomb = zipSync(files, { level: 9 });
    // Patch the central record of the entry to claim 100 bytes.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    const eocd = bomb.byteLength - 22;
    let at = view.getUint32(eocd + 16, true);
    const decoder = new TextDecoder();
    for (;;) {
      const nameLength = view.getUint16(at + 28, true);
      const entryName = decoder.decode(bomb.subarray(at + 46, at + 46 + nameLength));
      if (entryName === name) {
        view.setUint32(at + 24, 100, true);
        break;
      }
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    const previewed = (await (await preview(user.deviceToken, bomb, PASSPHRASE)).json()) as any;
    const done = await restore(user.deviceToken, previewed.restoreId, "skip");
    expect(done.report.items.find((i: any) => i.itemId === chatId)).toMatchObject({
      outcome: "refused",
      code: "data.compression_ratio_exceeded",
    });
    expect(await counts(user.userId)).toMatchObject({ chats: 1, messages: 0, registrations: 1 });
  });
});
