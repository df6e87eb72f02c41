/**
 * Merging an archive into an account that holds its ids (docs/spec/data-portability.md §3
 * "Merge", docs/decisions/2750): the same archive restored twice into one account. The first
 * restore (fresh account) keeps every id and carries avatars byte for byte, the persona and the
 * World Info settings; the second imports every colliding item under a new id, and every
 * reference of the copies (chat → character, book → character/chat, character → book,
 * profile → connection and ToolId, run → chat/workspace/profile, the workspace's "next run"
 * pointer → run, approved tools → registration) points at the copies, never across to the originals.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { workspaceIdFor } from "../../../src/domain/agent/run-ids";
import { driveRun } from "../agent-loop/loop-helpers";
import { cardPng, v2Card } from "../characters/card-files";
import { api, apiJson, createUser, type TestUser } from "../helpers";
import { SqlToolApprovalStore } from "../../../src/adapters/storage/tool-approval-store";
import { inSpace } from "../workspace/ws-helpers";
import { contentRows, exportAccount, preview, restore } from "./data-helpers";

const call = (id: string, name: string, args: unknown) => ({ calls: [{ id, name, arguments: JSON.stringify(args) }] });
const script = (i: number) => [
  call(`w${i}`, "workspace_write_file", { path: "output/main.md", content: `Chapter ${i}: the dragon wakes.` }),
  call(`p${i}`, "workspace_write_file", { path: "persist/world.md", content: `The world after run ${i}.` }),
  call(`c${i}`, "workspace_commit", {}),
  call(`f${i}`, "workspace_finish", { reason: "done" }),
];

let source: TestUser;
let ids: { characterId: string; bookId: string; chatId: string; connectionId: string; registrationId: string };
let archive: Uint8Array;

async function avatar(token: string, characterId: string): Promise<Buffer> {
  const response = await api(`/api/v1/characters/${characterId}/avatar`, { token });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Every row of `table` whose `column` is one of `values`, as `{column: value}` objects. */
async function rowsWhere(userId: string, table: string, column: string, values: string[]): Promise<any[]> {
  return inSpace(userId, (space) =>
    space.sql
      .exec(`SELECT * FROM ${table} WHERE ${column} IN (${values.map(() => "?").join(", ")})`, ...values)
      .toArray(),
  );
}

describe("restore: merge with id remapping", () => {
  beforeAll(async () => {
    source = await createUser();
    const token = source.deviceToken;
    const response = await SELF.fetch("https://edge.test/api/v1/characters/import", {
      method: "POST",
      body: cardPng({ chara: v2Card() }) as BodyInit,
      headers: { "content-type": "image/png", authorization: `Bearer ${token}` },
    });
    const character = (await response.json()) as any;
    expect(response.status, JSON.stringify(character)).toBe(201);
    const chat = await apiJson("/api/v1/chats", {
      token,
      expectStatus: 201,
      body: { title: "With Seraphina", characterId: character.id },
    });
    await apiJson(`/api/v1/worldinfo/${character.bookId}`, {
      method: "PATCH",
      token,
      expectStatus: 200,
      body: { attach: [{ scope: "chat", id: chat.id }] },
    });
    const registration = await apiJson("/api/v1/mcp/servers", {
      token,
      expectStatus: 201,
      body: { displayName: "Search", endpoint: "https://search.example.com/mcp" },
    });
    const connection = await apiJson("/api/v1/connections", {
      token,
      expectStatus: 201,
      body: { name: "Main", provider: "openai", apiKey: "sk-test-key", modelId: "gpt-4.1" },
    });
    const { profile } = await apiJson("/api/v1/agent/profiles/default-writer", { token, expectStatus: 200 });
    const doc = {
      ...profile,
      id: "night-writer",
      displayName: "Night writer",
      model: { mode: "connectionRef", connectionRef: connection.id, modelId: "gpt-4.1" },
      tools: { ...profile.tools, allow: [...profile.tools.allow, `mcp/${registration.id}:search`] },
    };
    delete doc.description;
    await apiJson("/api/v1/agent/profiles/night-writer", { method: "PUT", token, body: doc, expectStatus: 200 });
    await apiJson("/api/v1/settings", {
      method: "PATCH",
      token,
      expectStatus: 200,
      body: { persona: { name: "Aldric", description: "A wandering scholar." } },
    });
    await apiJson("/api/v1/worldinfo/settings", { method: "PATCH", token, expectStatus: 200, body: { scanDepth: 7 } });
    // The user approved the server's search tool (docs/spec/approvals.md §7).
    await inSpace(source.userId, (space) => {
      new SqlToolApprovalStore(space.sql).put({
        registrationId: registration.id,
        nativeName: "search",
        approved: { name: "search", description: "Search the web.", inputSchema: { type: "object" }, annotations: {} },
        approvedHash: "a".repeat(64),
        level: "allow",
        gone: false,
        review: null,
      });
    });
    let firstRun: any;
    for (const i of [1, 2]) {
      const run = await driveRun(source.userId, chat.id, {
        steps: script(i),
        input: { profileId: "night-writer" },
        profile: (p: any) => {
          p.id = "night-writer";
        },
      });
      expect(run.status, JSON.stringify((run as any).events?.slice(-3))).toBe("completed");
      firstRun ??= run;
    }
    // "Start the next run from these persistent files": the chat workspace's pointer (schema 21).
    const checkpoint = firstRun.events.find((e: any) => e.type === "checkpoint_created")!.payload.checkpointId;
    await apiJson(`/api/v1/agent/runs/${firstRun.runId}/checkpoints/${checkpoint}/restore-persist`, {
      token,
      method: "POST",
      expectStatus: 200,
    });
    ids = {
      characterId: character.id,
      bookId: character.bookId,
      chatId: chat.id,
      connectionId: connection.id,
      registrationId: registration.id,
    };
    archive = await exportAccount(token, {});
  });

  it("into a fresh account: ids kept, avatar byte-equal, persona and World Info settings restored; the POST answers the report", async () => {
    const target = await createUser("Phone");
    const previewed = (await (await preview(target.deviceToken, archive)).json()) as any;
    expect(previewed.counts).toMatchObject({ characters: 1, worldinfo: 1, chats: 1, runs: 2, settings: 2 });
    const response = await api(`/api/v1/restore/${previewed.restoreId}`, {
      token: target.deviceToken,
      method: "POST",
      body: {},
    });
    const report = (await response.json()) as any;
    expect(response.status, JSON.stringify(report)).toBe(200);
    expect(report).toMatchObject({ status: "done", strategy: "merge" });
    expect(report.report.refused, JSON.stringify(report.report.items)).toBe(0);
    expect(report.report.imported).toBe(report.total);
    expect(report.report.remapped).toEqual([]);

    expect(await contentRows(target.userId)).toEqual(await contentRows(source.userId));
    const original = await avatar(source.deviceToken, ids.characterId);
    expect(original.byteLength).toBeGreaterThan(0);
    expect((await avatar(target.deviceToken, ids.characterId)).equals(original)).toBe(true);
    const settings = (t: string) => apiJson("/api/v1/settings", { token: t, expectStatus: 200 });
    expect((await settings(target.deviceToken)).persona).toEqual({
      name: "Aldric",
      description: "A wandering scholar.",
    });
    const wi = (t: string) => apiJson("/api/v1/worldinfo/settings", { token: t, expectStatus: 200 });
    expect((await wi(target.deviceToken)).scanDepth).toBe(7);
    expect(await wi(target.deviceToken)).toEqual(await wi(source.deviceToken));
  });

  it("the same archive again: colliding items come in as copies under new ids, every reference to the copies", async () => {
    const token = source.deviceToken;
    const before = await contentRows(source.userId);
    const previewed = (await (await preview(token, archive)).json()) as any;
    expect(previewed.conflicts.length).toBeGreaterThan(0);
    const done = await restore(token, previewed.restoreId, "merge");
    expect(done.status).toBe("done");
    expect(done.report.refused, JSON.stringify(done.report.items)).toBe(0);
    // Settings are singletons: the account's own are kept.
    expect(done.report.items.filter((i: any) => i.outcome === "skipped").map((i: any) => i.kind)).toEqual([
      "settings",
      "settings",
    ]);
    const newId = (kind: string, itemId: string): string => {
      const line = done.report.remapped.find((r: any) => r.kind === kind && r.itemId === itemId);
      expect(line, `${kind} ${itemId} remapped`).toBeDefined();
      expect(line.newId).not.toBe(itemId);
      return line.newId;
    };
    const character = newId("characters", ids.characterId);
    const book = newId("worldinfo", ids.bookId);
    const chat = newId("chats", ids.chatId);
    const connection = newId("connections", ids.connectionId);
    const registration = newId("mcp", ids.registrationId);
    const profile = newId("profiles", "night-writer");
    expect(profile).toBe("night-writer-2");
    const workspace = await workspaceIdFor("character", chat);
    expect(newId("workspaces", await workspaceIdFor("character", ids.chatId))).toBe(workspace);
    const runs = done.report.remapped.filter((r: any) => r.kind === "runs").map((r: any) => r.newId);
    expect(runs).toHaveLength(2);

    // The originals are untouched: every row that was here is still here, the same.
    const after = await contentRows(source.userId);
    for (const [table, rows] of Object.entries(before))
      for (const row of rows) expect(after[table], `${table} kept ${row.slice(0, 80)}`).toContain(row);

    // The copies point at the copies.
    const copy = await apiJson(`/api/v1/chats/${chat}`, { token, expectStatus: 200 });
    expect(copy.characterId).toBe(character);
    const copyCharacter = await apiJson(`/api/v1/characters/${character}`, { token, expectStatus: 200 });
    expect(copyCharacter.bookId).toBe(book);
    expect((await avatar(token, character)).equals(await avatar(token, ids.characterId))).toBe(true);
    const copyBook = await apiJson(`/api/v1/worldinfo/${book}`, { token, expectStatus: 200 });
    expect(copyBook.characterId).toBe(character);
    expect(copyBook.attachments).toEqual(
      expect.arrayContaining([
        { scope: "character", id: character },
        { scope: "chat", id: chat },
      ]),
    );
    expect(copyBook.attachments).toHaveLength(2);
    const { profile: copyProfile } = await apiJson(`/api/v1/agent/profiles/${profile}`, { token, expectStatus: 200 });
    expect(copyProfile.id).toBe(profile);
    expect(copyProfile.model).toMatchObject({ mode: "connectionRef", connectionRef: connection });
    expect(copyProfile.tools.allow).toContain(`mcp/${registration}:search`);
    expect(copyProfile.tools.allow).not.toContain(`mcp/${ids.registrationId}:search`);
    const servers = await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 });
    expect(servers.servers.map((s: any) => s.id).sort()).toEqual([ids.registrationId, registration].sort());

    for (const run of await rowsWhere(source.userId, "te_runs", "id", runs))
      expect(run).toMatchObject({ stable_chat_id: chat, workspace_id: workspace, profile_id: profile });
    for (const row of await rowsWhere(source.userId, "te_ws_runs", "run_id", runs))
      expect(row).toMatchObject({ stable_chat_id: chat, workspace_id: workspace });
    const [pointer, ...others] = await rowsWhere(source.userId, "te_ws_persist_pointers", "workspace_id", [workspace]);
    expect(others).toEqual([]);
    expect(runs).toContain(pointer.run_id);
    const approvals = await rowsWhere(source.userId, "te_mcp_tool_approvals", "registration_id", [registration]);
    expect(approvals.map((a) => a.native_name)).toEqual(["search"]);
    const journal = await rowsWhere(source.userId, "te_journal", "run_id", runs);
    expect(journal.length).toBeGreaterThan(0);
    const oldRunIds = (await rowsWhere(source.userId, "te_runs", "stable_chat_id", [ids.chatId])).map((r) => r.id);
    expect(oldRunIds).toHaveLength(2);
    // Nothing of a copy names an original: no old chat, run, workspace, character or book id.
    const originals = [
      ids.chatId,
      ids.characterId,
      ids.bookId,
      ids.connectionId,
      ids.registrationId,
      await workspaceIdFor("character", ids.chatId),
      ...oldRunIds,
    ];
    const copies: Array<[string, string, string[]]> = [
      ["te_runs", "id", runs],
      ["te_journal", "run_id", runs],
      ["te_ws_runs", "run_id", runs],
      ["te_checkpoints", "run_id", runs],
      ["te_agent_loop", "run_id", runs],
      ["te_ws_persist_states", "workspace_id", [workspace]],
      ["te_ws_persist_pointers", "workspace_id", [workspace]],
      ["te_characters", "id", [character]],
      ["te_wi_books", "id", [book]],
      ["te_wi_attachments", "book_id", [book]],
      ["te_chats", "id", [chat]],
      ["te_agent_profiles", "id", [profile]],
      ["te_mcp_tool_approvals", "registration_id", [registration]],
    ];
    for (const [table, column, values] of copies) {
      const text = JSON.stringify(await rowsWhere(source.userId, table, column, values));
      for (const old of originals) expect(text.includes(old), `${table} of a copy names ${old}`).toBe(false);
    }
  });
});
