/**
 * GET /api/v1/usage (docs/spec/retention-usage.md "Usage"): counters kept as data changes match a
 * full-scan reference after every kind of write (create, edit, delete, import with swipes,
 * duplicate, registrations, runs with workspaces), shared blobs count once, and the schema step's
 * one-time backfill gives an existing user the same numbers.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migrate } from "../../../src/adapters/storage/migrations";
import { usageTriggerNames } from "../../../src/adapters/storage/usage-triggers";
import { api, apiJson } from "../helpers";
import { appendMany, createChat, importJsonl } from "../chats/chat-helpers";
import { driveRun, userWithChat } from "../agent-loop/loop-helpers";
import { inSpace } from "../workspace/ws-helpers";
import sample from "../../fixtures/chats/sillytavern-sample.jsonl?raw";
import type { Space } from "../../../src/ports/space";
import { referenceUsage } from "./usage-reference";

const write = (id: string, path: string, content: string) => ({
  calls: [{ id, name: "workspace_write_file", arguments: JSON.stringify({ path, content }) }],
});

describe("usage", () => {
  it("counters follow every write and match a full-scan reference", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const empty = await apiJson("/api/v1/usage", { token, expectStatus: 200 });
    expect(empty.counts).toMatchObject({ chats: 1, messages: 3, runs: 0, journalEvents: 0, workspaceBlobs: 0 });

    // Chats: create, append, edit, delete a message, import (with swipes), duplicate, delete a chat.
    const second = await createChat(token, {
      title: "第二个聊天",
      character: { name: "Aria", description: "长描述".repeat(50) },
    });
    const [first] = await appendMany(token, second.id, ["你好，世界", "Hello back", "To be removed"]);
    await apiJson(`/api/v1/chats/${second.id}/messages/${first.messageId}`, {
      method: "PATCH",
      token,
      body: { text: "你好，世界！这次更长了一些。", ifRevision: first.revision },
      expectStatus: 200,
    });
    const all = await apiJson(`/api/v1/chats/${second.id}/messages?offset=0&limit=10`, { token, expectStatus: 200 });
    const last = all.messages[all.messages.length - 1];
    expect(
      (
        await api(`/api/v1/chats/${second.id}/messages/${last.messageId}?ifRevision=${last.revision}`, {
          method: "DELETE",
          token,
        })
      ).status,
    ).toBe(200);
    const imported = await importJsonl(token, sample);
    expect(imported.status).toBe(201);
    const importedChat: any = await imported.json();
    const copy = await apiJson(`/api/v1/chats/${importedChat.id}/duplicate`, {
      method: "POST",
      token,
      body: {},
      expectStatus: 201,
    });
    expect((await api(`/api/v1/chats/${copy.id}`, { method: "DELETE", token })).status).toBe(200);

    // Registrations (no network: a new server starts paused).
    await apiJson("/api/v1/mcp/servers", {
      token,
      body: { displayName: "Loopback", endpoint: "http://127.0.0.1:9/mcp" },
      expectStatus: 201,
    });

    // Two runs writing the same text: one blob, counted once under workspace.
    for (const n of [1, 2]) {
      const run = await driveRun(user.userId, chatId, {
        steps: [
          write(`call_a${n}`, "output/main.md", "The same chapter, word for word."),
          { calls: [{ id: `call_f${n}`, name: "workspace_finish", arguments: "{}" }] },
        ],
      });
      expect(["completed", "partial_success", "failed"]).toContain(run.status);
    }

    const usage = await apiJson("/api/v1/usage", { token, expectStatus: 200 });
    const reference = await inSpace(user.userId, referenceUsage);
    expect(usage.counts).toEqual(reference.counts);
    expect(usage.bytes).toMatchObject(reference.bytes);
    expect(usage.counts).toMatchObject({ chats: 3, runs: 2, registrations: 1 });
    const blobs = await inSpace(
      user.userId,
      (space) =>
        space.sql
          .exec(
            "SELECT count(*) AS n FROM te_blobs WHERE hash IN (SELECT hash FROM te_ws_files WHERE path = 'output/main.md')",
          )
          .one().n,
    );
    expect(Number(blobs)).toBe(1);
    const { chats, runs, workspace, catalogs, other, total } = usage.bytes;
    expect(chats).toBeGreaterThan(0);
    expect(runs).toBeGreaterThan(0);
    expect(workspace).toBeGreaterThan(0);
    expect(chats + runs + workspace + catalogs + other).toBe(total);
    const reported = await inSpace(user.userId, (space) => space.sql.databaseSize);
    expect(total).toBe(Math.max(reported, chats + runs + workspace + catalogs));
  });

  it("every counter trigger exists at the newest schema", async () => {
    const { user } = await userWithChat(["hi"]);
    const names = await inSpace(user.userId, (space) =>
      space.sql
        .exec("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        .toArray()
        .map((row) => String(row.name)),
    );
    for (const name of usageTriggerNames()) expect(names).toContain(name);
  });

  it("the schema step backfills the counters of an existing user", async () => {
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName("usage-backfill-fixture"));
    type Backfilled = { counters: Record<string, number>; reference: ReturnType<typeof referenceUsage> };
    const json = await runInDurableObject(stub, (_instance, state): string => {
      const sql = state.storage.sql;
      migrate(state.storage, 10);
      sql.exec("INSERT INTO te_meta(key, value) VALUES('user_id', 'fixture')");
      sql.exec(
        "INSERT INTO te_chats(id, kind, title, revision, message_count, character_json, created_at, updated_at) VALUES('c1', 'character', 'Old chat', 1, 2, '{\"name\":\"Ann\"}', 1, 1)",
      );
      for (const [seq, text] of [
        [1, "第一条"],
        [2, "second"],
      ] as const)
        sql.exec(
          "INSERT INTO te_chat_messages(chat_id, seq, message_id, revision, role, name, text, send_date, swipe_count, extra_json) VALUES('c1', ?, ?, 1, 'user', 'Ann', ?, 'now', 0, '{}')",
          seq,
          `m${seq}`,
          text,
        );
      sql.exec(
        "INSERT INTO te_runs(id, workspace_id, stable_chat_id, chat_ref, generation_type, presentation, status, created_at, updated_at) VALUES('run_1', 'chat_1', 'c1', '{\"kind\":\"character\"}', 'normal', 'foreground', 'completed', 1, 1)",
      );
      sql.exec(
        "INSERT INTO te_journal(run_id, seq, id, at, level, type, invocation_id, payload) VALUES('run_1', 1, 'evt_1', 1, 'info', 'run_created', 'inv_root', '{\"a\":1}')",
      );
      sql.exec(
        "INSERT INTO te_agent_docs(run_id, name, chunk, body) VALUES('run_1', 'input/x.json', 0, '{\"big\":\"ééé\"}')",
      );
      sql.exec("INSERT INTO te_blobs(hash, bytes, chunks, created_at) VALUES('h1', 1234, 1, 1)");
      sql.exec(
        "INSERT INTO te_mcp_registrations(id, document, revision, created_at, updated_at) VALUES('r1', '{}', 1, 1, 1)",
      );
      migrate(state.storage);
      const counters = Object.fromEntries(
        sql
          .exec("SELECT key, value FROM te_usage")
          .toArray()
          .map((row) => [String(row.key), Number(row.value)]),
      );
      return JSON.stringify({ counters, reference: referenceUsage({ sql } as Space) });
    });
    const { counters, reference } = JSON.parse(json) as Backfilled;
    expect(counters).toMatchObject({
      "bytes.chats": reference.bytes.chats,
      "bytes.runs": reference.bytes.runs,
      "bytes.workspace": 1234,
      "count.chats": 1,
      "count.messages": 2,
      "count.runs": 1,
      "count.journalEvents": 1,
      "count.workspaceBlobs": 1,
      "count.registrations": 1,
    });
    expect(reference.bytes.chats).toBeGreaterThan(0);
  });
});
