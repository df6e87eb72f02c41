/**
 * Account export → restore into a fresh account → every content row equal
 * (docs/spec/data-portability.md §1–3): registrations with a secret header and endpoint userinfo,
 * a model connection with an API key, a chat, a profile and two runs with workspaces and journals.
 * With a passphrase the secrets come back (the views show the same header values and the key
 * opens); without it no secret is anywhere in the archive.
 */
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { apiJson, createUser, type TestUser } from "../helpers";
import { driveRun, userWithChat } from "../agent-loop/loop-helpers";
import { contentRows, exportAccount, preview, restore } from "./data-helpers";

const HEADER_SECRET = "hdr-secret-7f3a9c1e5b";
const USERINFO_SECRET = "pw-secret-2d8e4f6a0c";
const API_KEY = "sk-secret-9b1d3f5a7c";
const PASSPHRASE = "correct horse battery staple";

const call = (id: string, name: string, args: unknown) => ({ calls: [{ id, name, arguments: JSON.stringify(args) }] });
const script = (i: number) => [
  call(`w${i}`, "workspace_write_file", { path: "output/main.md", content: `Chapter ${i}: the dragon wakes.` }),
  call(`p${i}`, "workspace_write_file", { path: "persist/world.md", content: `The world after run ${i}.` }),
  call(`c${i}`, "workspace_commit", {}),
  call(`f${i}`, "workspace_finish", { reason: "done" }),
];

let source: TestUser;
let chatId: string;

function contains(haystack: Uint8Array, needle: string): boolean {
  return Buffer.from(haystack).includes(Buffer.from(needle));
}

function everyEntryText(archive: Uint8Array): string {
  return Object.values(unzipSync(archive))
    .map((bytes) => new TextDecoder().decode(bytes))
    .join("\n");
}

describe("account export and restore", () => {
  beforeAll(async () => {
    const setup = await userWithChat();
    source = setup.user;
    chatId = setup.chatId;
    const token = source.deviceToken;
    await apiJson("/api/v1/mcp/servers", {
      token,
      expectStatus: 201,
      body: {
        displayName: "Search",
        endpoint: `https://reader:${USERINFO_SECRET}@search.example.com/mcp`,
        headers: { "X-Api-Key": HEADER_SECRET },
      },
    });
    await apiJson("/api/v1/connections", {
      token,
      expectStatus: 201,
      body: { name: "Main", provider: "openai", apiKey: API_KEY, modelId: "gpt-4.1" },
    });
    const { profile } = await apiJson("/api/v1/agent/profiles/default-writer", { token, expectStatus: 200 });
    const doc = { ...profile, id: "night-writer", displayName: "Night writer" };
    delete doc.description;
    await apiJson("/api/v1/agent/profiles/night-writer", { method: "PUT", token, body: doc, expectStatus: 200 });
    for (const i of [1, 2])
      expect((await driveRun(source.userId, chatId, { steps: script(i) })).status).toBe("completed");
  });

  it("with a passphrase: a fresh account gets every record, secrets included, with the same ids", async () => {
    const token = source.deviceToken;
    const archive = await exportAccount(token, { includeSecrets: true, passphrase: PASSPHRASE });
    const entries = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"]));
    expect(manifest).toMatchObject({ formatVersion: 1, app: "tavernedge", includeRuns: true, includeSecrets: true });
    expect(manifest.sections.runs.items).toHaveLength(2);
    expect(manifest.sections.chats.items).toEqual([chatId]);
    expect(JSON.parse(new TextDecoder().decode(entries["secrets.json"])).kdf).toMatchObject({
      name: "PBKDF2",
      hash: "SHA-256",
      iterations: 600000,
    });
    for (const secret of [HEADER_SECRET, USERINFO_SECRET, API_KEY])
      expect(everyEntryText(archive)).not.toContain(secret);

    const target = await createUser("Phone");
    const wrong = await preview(target.deviceToken, archive, "not the passphrase");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as any).error.code).toBe("data.passphrase_wrong");
    const previewed = (await (await preview(target.deviceToken, archive, PASSPHRASE)).json()) as any;
    expect(previewed).toMatchObject({ includeSecrets: true, conflicts: [], unknownKinds: [] });
    expect(previewed.counts).toMatchObject({ mcp: 1, connections: 1, profiles: 1, chats: 1, runs: 2 });

    const report = await restore(target.deviceToken, previewed.restoreId, "skip");
    expect(report.status).toBe("done");
    expect(report.report.refused, JSON.stringify(report.report.items)).toBe(0);
    expect(report.report.imported).toBe(report.total);

    expect(await contentRows(target.userId)).toEqual(await contentRows(source.userId));
    const servers = (t: string) => apiJson("/api/v1/mcp/servers", { token: t, expectStatus: 200 });
    expect(await servers(target.deviceToken)).toEqual(await servers(token));
    expect((await servers(target.deviceToken)).servers[0].headers).toEqual({ "X-Api-Key": HEADER_SECRET });
    const connections = (t: string) => apiJson("/api/v1/connections", { token: t, expectStatus: 200 });
    expect(await connections(target.deviceToken)).toEqual(await connections(token));

    // Round trip: the restored account exports the same content.
    const again = unzipSync(await exportAccount(target.deviceToken, {}));
    const first = unzipSync(await exportAccount(token, {}));
    const names = Object.keys(first).filter((n) => n !== "manifest.json");
    expect(
      Object.keys(again)
        .filter((n) => n !== "manifest.json")
        .sort(),
    ).toEqual(names.sort());
    for (const name of names) expect(Buffer.from(again[name]!).equals(Buffer.from(first[name]!)), name).toBe(true);
  });

  it("restored without its key, a connection says the key is missing, not that the data key changed", async () => {
    const archive = await exportAccount(source.deviceToken, {});
    const target = await createUser();
    const previewed = (await (await preview(target.deviceToken, archive)).json()) as any;
    expect((await restore(target.deviceToken, previewed.restoreId, undefined)).status).toBe("done");
    const { connections } = await apiJson("/api/v1/connections", { token: target.deviceToken });
    const main = connections.find((c: any) => c.name === "Main");
    expect(main).toMatchObject({ apiKeyUnavailable: true });
    const failed = await apiJson(`/api/v1/connections/${main.id}/test`, {
      method: "POST",
      token: target.deviceToken,
      expectStatus: 409,
    });
    expect(failed.error.code).toBe("model.api_key_missing");
    expect(failed.error.message).toContain("Settings → Connections");
  });

  it("without a passphrase no secret value appears anywhere in the archive", async () => {
    const archive = await exportAccount(source.deviceToken, {});
    for (const secret of [HEADER_SECRET, USERINFO_SECRET, API_KEY]) {
      expect(contains(archive, secret)).toBe(false);
      expect(everyEntryText(archive)).not.toContain(secret);
    }
    const entries = unzipSync(archive);
    expect(entries["secrets.json"]).toBeUndefined();
    const registration = Object.entries(entries).find(([n]) => n.endsWith("registration.json"))!;
    expect(JSON.parse(new TextDecoder().decode(registration[1]))).toMatchObject({
      headerNames: ["X-Api-Key"],
      headersUnavailable: true,
      endpointUserinfoUnavailable: true,
    });
  });

  it("into the same account: conflicts listed; skip keeps everything, replace rewrites it to the same content", async () => {
    const token = source.deviceToken;
    const before = await contentRows(source.userId);
    const archive = await exportAccount(token, { includeSecrets: true, passphrase: PASSPHRASE });
    const skip = (await (await preview(token, archive, PASSPHRASE)).json()) as any;
    expect(skip.conflicts.length).toBe(Object.values(skip.counts as Record<string, number>).reduce((a, b) => a + b, 0));
    const skipped = await restore(token, skip.restoreId, "skip");
    expect(skipped.report).toMatchObject({ imported: 0, replaced: 0, refused: 0, skipped: skipped.total });
    expect(skipped.report.items[0].code).toBe("data.item_exists");
    const replace = (await (await preview(token, archive, PASSPHRASE)).json()) as any;
    const replaced = await restore(token, replace.restoreId, "replace");
    expect(replaced.report, JSON.stringify(replaced.report.items)).toMatchObject({
      replaced: replaced.total,
      refused: 0,
    });
    expect(await contentRows(source.userId)).toEqual(before);
  });
});
