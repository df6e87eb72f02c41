/** Checkpoints (docs/spec/workspace.md §2): read-back at every step, deltas with periodic full maps, diffs, and the read routes. */
import { describe, expect, it } from "vitest";
import {
  createCheckpoint,
  diffCheckpoints,
  filesAt,
  workspaceFile,
} from "../../../src/application/workspace/checkpoints";
import { closeRunWorkspace, createRunWorkspace } from "../../../src/application/workspace/run-workspace";
import { runWorkspaceTool } from "../../../src/application/workspace/tools/dispatch";
import type { SqlBlobStore } from "../../../src/adapters/storage/blob-store";
import { sha256Hex } from "../../../src/domain/ids";
import { api, apiJson, createUser } from "../helpers";
import { freshDeps, inSpace, ok, workspaceFixture } from "./ws-helpers";

/** A user, a run in the run store (dev route) and its workspace. */
async function runWithWorkspace() {
  const user = await createUser();
  const handle = await apiJson("/api/v1/agent/dev/runs", {
    token: user.deviceToken,
    body: { stableChatId: "chat-cp" },
    expectStatus: 201,
  });
  const runId: string = handle.runId;
  await inSpace(user.userId, (space) =>
    createRunWorkspace(freshDeps(space), {
      runId,
      workspaceId: handle.workspaceId ?? "chat_00000000000000aa",
      stableChatId: "chat-cp",
      chatRef: { kind: "character", chatId: "chat-cp" },
    }),
  );
  /** One loop step: a tool call, then (if it mutated) a checkpoint with the event's seq. */
  const step = (name: string, args: Record<string, unknown>, eventSeq: number) =>
    inSpace(user.userId, async (space) => {
      const deps = freshDeps(space);
      const outcome = await runWorkspaceTool(deps, { runId }, name, args);
      ok(outcome);
      const reason = name === "workspace.apply_patch" ? "tool_workspace_patch" : "tool_workspace_write";
      return outcome.isError === false && outcome.effect ? createCheckpoint(deps, runId, { reason, eventSeq }) : null;
    });
  return { user, runId, step, token: user.deviceToken };
}

describe("checkpoints", () => {
  it("reads back every checkpoint's tree and files exactly as they were at that step, and diffs them", async () => {
    const { runId, step, token, user } = await runWithWorkspace();
    const cp1 = await step("workspace.write_file", { path: "output/main.md", content: "Once upon a time.\n" }, 10);
    const cp2 = await step("workspace.write_file", { path: "plan/outline.md", content: "1. start\n" }, 14);
    await step("workspace.read_file", { path: "output/main.md" }, 0);
    const cp3 = await step(
      "workspace.apply_patch",
      { path: "output/main.md", old_string: "time.", new_string: "time, a dragon woke.\nThe end.\n" },
      19,
    );
    const cp4 = await step(
      "workspace.write_file",
      { path: "plan/outline.md", content: "2. middle\n", mode: "append" },
      23,
    );
    const cp5 = await inSpace(user.userId, (space) =>
      createCheckpoint(freshDeps(space), runId, { reason: "chat_commit", eventSeq: 30, paths: ["output/main.md"] }),
    );
    expect([cp1, cp2, cp3, cp4, cp5].map((c) => c!.id)).toEqual([
      "cp_000001",
      "cp_000002",
      "cp_000003",
      "cp_000004",
      "cp_000005",
    ]);
    expect(cp5.files.map((f) => f.path)).toEqual(["output/main.md"]);

    const list = await apiJson(`/api/v1/agent/runs/${runId}/checkpoints`, { token, expectStatus: 200 });
    expect(list.checkpoints.map((c: any) => [c.id, c.reason, c.eventSeq, c.files.map((f: any) => f.path)])).toEqual([
      ["cp_000001", "tool_workspace_write", 10, ["output/main.md"]],
      ["cp_000002", "tool_workspace_write", 14, ["plan/outline.md"]],
      ["cp_000003", "tool_workspace_patch", 19, ["output/main.md"]],
      ["cp_000004", "tool_workspace_write", 23, ["plan/outline.md"]],
      ["cp_000005", "chat_commit", 30, ["output/main.md"]],
    ]);
    expect(list.checkpoints[0]).toMatchObject({
      seq: 1,
      runId,
      createdAt: expect.stringMatching(/Z$/),
      files: [{ path: "output/main.md", sha256: expect.any(String), bytes: 18 }],
    });

    const expected: Record<string, Record<string, string>> = {
      cp_000001: { "output/main.md": "Once upon a time.\n" },
      cp_000002: { "output/main.md": "Once upon a time.\n", "plan/outline.md": "1. start\n" },
      cp_000003: {
        "output/main.md": "Once upon a time, a dragon woke.\nThe end.\n\n",
        "plan/outline.md": "1. start\n",
      },
      cp_000004: {
        "output/main.md": "Once upon a time, a dragon woke.\nThe end.\n\n",
        "plan/outline.md": "1. start\n2. middle\n",
      },
    };
    for (const [cp, files] of Object.entries(expected)) {
      const tree = await apiJson(`/api/v1/agent/runs/${runId}/workspace?checkpointId=${cp}`, {
        token,
        expectStatus: 200,
      });
      expect(tree.files.map((f: any) => f.path)).toEqual(Object.keys(files).sort());
      expect(tree.roots.map((r: any) => r.path)).toEqual(["output", "scratch", "plan", "summaries", "persist"]);
      for (const [path, content] of Object.entries(files)) {
        const file = await apiJson(`/api/v1/agent/runs/${runId}/workspace/${path}?checkpointId=${cp}`, {
          token,
          expectStatus: 200,
        });
        expect(file).toMatchObject({ path, content, checkpointId: cp });
      }
    }
    const live = await apiJson(`/api/v1/agent/runs/${runId}/workspace/plan/outline.md`, { token, expectStatus: 200 });
    expect(live.content).toBe("1. start\n2. middle\n");
    await apiJson(`/api/v1/agent/runs/${runId}/workspace/plan/outline.md?checkpointId=cp_000001`, {
      token,
      expectStatus: 404,
    });

    const diff = await apiJson(`/api/v1/agent/runs/${runId}/checkpoints/cp_000001/diff/cp_000004`, {
      token,
      expectStatus: 200,
    });
    expect(diff.files.map((f: any) => [f.path, f.status])).toEqual([
      ["output/main.md", "modified"],
      ["plan/outline.md", "added"],
    ]);
    expect(diff.files[0].diff).toBe(
      "--- a/output/main.md\n+++ b/output/main.md\n@@ -1,1 +1,3 @@\n-Once upon a time.\n+Once upon a time, a dragon woke.\n+The end.\n+\n",
    );
    expect(diff.files[1].diff).toBe("--- /dev/null\n+++ b/plan/outline.md\n@@ -0,0 +1,2 @@\n+1. start\n+2. middle\n");
    const none = await apiJson(`/api/v1/agent/runs/${runId}/checkpoints/cp_000004/diff/cp_000005`, {
      token,
      expectStatus: 200,
    });
    expect(none.files).toEqual([]);
  });

  it("rebuilds every checkpoint exactly across delta chains and periodic full maps", async () => {
    const user = await createUser();
    const runId = "run_" + "ab".repeat(16);
    const truth = await inSpace(user.userId, async (space) => {
      const deps = freshDeps(space);
      createRunWorkspace(deps, { runId, workspaceId: "chat_00000000000000bb", stableChatId: "c", chatRef: {} });
      const snapshots: Array<Record<string, string>> = [];
      const current: Record<string, string> = {};
      let seed = 42;
      for (let i = 0; i < 90; i += 1) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const path = `scratch/f${seed % 40}.md`;
        const content = `v${i} of ${path}\n`;
        const out = await runWorkspaceTool(deps, { runId }, "workspace.write_file", {
          path,
          content,
          mode: current[path] === undefined ? "replace" : "append",
        });
        ok(out);
        current[path] = (current[path] ?? "") + content;
        createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: i + 1 });
        snapshots.push({ ...current });
      }
      const fullMaps = space.sql
        .exec("SELECT COUNT(*) AS n FROM te_checkpoints WHERE run_id = ? AND full_map = 1", runId)
        .one().n;
      return { snapshots, fullMaps: Number(fullMaps) };
    });
    expect(truth.fullMaps).toBeGreaterThan(1); // several full maps, so chains across them are exercised
    expect(truth.fullMaps).toBeLessThan(6);
    await inSpace(user.userId, (space) => {
      const deps = freshDeps(space);
      truth.snapshots.forEach((snapshot, i) => {
        const cp = `cp_${String(i + 1).padStart(6, "0")}`;
        const files = filesAt(deps, runId, cp);
        expect(Object.fromEntries(files.map((f) => [f.path, workspaceFile(deps, runId, f.path, cp).content]))).toEqual(
          snapshot,
        );
      });
    });
  });

  it("a checkpoint of a large workspace stores only the changed file", async () => {
    const user = await createUser();
    const runId = "run_" + "cd".repeat(16);
    const rows = await inSpace(user.userId, async (space) => {
      const deps = freshDeps(space);
      createRunWorkspace(deps, { runId, workspaceId: "chat_00000000000000cc", stableChatId: "c", chatRef: {} });
      for (let i = 0; i < 300; i += 1)
        ok(
          await runWorkspaceTool(deps, { runId }, "workspace.write_file", {
            path: `scratch/n${i}.md`,
            content: `note ${i}\n`,
          }),
        );
      createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 1 });
      const count = () =>
        Number(
          space.sql
            .exec(
              "SELECT (SELECT COUNT(*) FROM te_checkpoint_entries WHERE run_id = ?1) + (SELECT COUNT(*) FROM te_checkpoint_maps WHERE run_id = ?1) AS n",
              runId,
            )
            .one().n,
        );
      const before = count();
      for (let i = 0; i < 20; i += 1) {
        ok(
          await runWorkspaceTool(deps, { runId }, "workspace.write_file", {
            path: "scratch/n7.md",
            content: `edit ${i}\n`,
          }),
        );
        createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: i + 2 });
      }
      return count() - before;
    });
    expect(rows).toBe(20);
  });

  it("lists a checkpoint's files in the order SQLite sorts paths, however many it names (one UPDATE … RETURNING)", async () => {
    const user = await createUser();
    const runId = "run_" + "ce".repeat(16);
    // "！" (U+FF01) sorts before "😀" (U+1F600) by code point, as SQLite compares UTF-8 bytes;
    // JavaScript's default sort of UTF-16 units puts the emoji first.
    const names = ["plan/b.md", "plan/😀.md", "plan/！.md", "plan/a.md"];
    const result = await inSpace(user.userId, async (space) => {
      const deps = freshDeps(space);
      createRunWorkspace(deps, { runId, workspaceId: "chat_00000000000000ce", stableChatId: "c", chatRef: {} });
      for (const path of names)
        ok(await runWorkspaceTool(deps, { runId }, "workspace.write_file", { path, content: `${path}\n` }));
      const dirty = createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 1 });
      const nothing = createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 2 });
      const many = Array.from({ length: 40 }, (_, i) => `scratch/f${String(i).padStart(2, "0")}.md`);
      for (const path of many)
        ok(await runWorkspaceTool(deps, { runId }, "workspace.write_file", { path, content: "x" }));
      createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 3 });
      const named = createCheckpoint(deps, runId, { reason: "chat_commit", eventSeq: 4, paths: [...many].reverse() });
      const two = createCheckpoint(deps, runId, {
        reason: "chat_commit",
        eventSeq: 5,
        paths: ["plan/😀.md", "plan/a.md"],
      });
      const mapAtFirst = filesAt(deps, runId, dirty.id).map((f) => f.path);
      for (const path of names)
        ok(await runWorkspaceTool(deps, { runId }, "workspace.write_file", { path, content: `${path} again\n` }));
      const rewritten = createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 6 });
      const diffed = diffCheckpoints(deps, runId, dirty.id, rewritten.id).files.map((f) => f.path);
      const listed = ok(await runWorkspaceTool(deps, { runId }, "workspace.list_files", { path: "plan" })) as {
        entries: { path: string }[];
      };
      const sqliteOrder = space.sql
        .exec("SELECT path FROM te_ws_files WHERE run_id = ? AND path LIKE 'plan/%' ORDER BY path", runId)
        .toArray()
        .map((row) => String(row.path));
      const stillDirty = Number(
        space.sql.exec("SELECT COUNT(*) AS n FROM te_ws_files WHERE run_id = ? AND dirty = 1", runId).one().n,
      );
      return { dirty, nothing, named, two, sqliteOrder, many, stillDirty, mapAtFirst, diffed, listed };
    });
    expect(result.sqliteOrder).toEqual(["plan/a.md", "plan/b.md", "plan/！.md", "plan/😀.md"]);
    expect(result.dirty.files.map((f) => f.path)).toEqual(result.sqliteOrder);
    expect(result.nothing.files).toEqual([]);
    expect(result.named.files.map((f) => f.path)).toEqual(result.many);
    expect(result.two.files.map((f) => f.path)).toEqual(["plan/a.md", "plan/😀.md"]);
    expect(result.stillDirty).toBe(0);
    // The same order in a checkpoint's rebuilt file list, a diff and the list-files tool.
    expect(result.mapAtFirst).toEqual(result.sqliteOrder);
    expect(result.listed.entries.map((e) => e.path)).toEqual(result.sqliteOrder);
    expect(result.diffed).toEqual([...result.sqliteOrder, ...result.many]);
  });

  it("deduplicates identical content in the blob store", async () => {
    const { call, user } = await workspaceFixture();
    for (let i = 0; i < 5; i += 1)
      ok(await call("workspace.write_file", { path: `scratch/copy${i}.md`, content: "same text\n" }));
    const blobs = await inSpace(user.userId, (space) =>
      Number(space.sql.exec("SELECT COUNT(*) AS n FROM te_blobs").one().n),
    );
    expect(blobs).toBe(1);
  });

  it("stores new content once, writes nothing for known content, and replaces a chunk a failed write left behind", async () => {
    const user = await createUser();
    const seen = await inSpace(user.userId, async (space) => {
      const blobs = freshDeps(space).blobs as SqlBlobStore;
      const count = (table: string) => Number(space.sql.exec(`SELECT COUNT(*) AS n FROM ${table}`).one().n);
      const first = await blobs.put("龍が目覚めた。\n");
      const again = await blobs.put("龍が目覚めた。\n");
      const afterTwo = [count("te_blobs"), count("te_blob_chunks")];
      // A chunk row without its blob row (a write that failed between the two).
      const orphan = await sha256Hex(new TextEncoder().encode("orphaned text"));
      space.sql.exec(
        "INSERT INTO te_blob_chunks(hash, idx, data) VALUES(?, 0, ?)",
        orphan,
        new Uint8Array([1, 2, 3]).buffer,
      );
      const healed = await blobs.put("orphaned text");
      return {
        same: first.sha256 === again.sha256,
        afterTwo,
        text: blobs.readText(first.sha256),
        healed: healed.sha256 === orphan,
        healedText: blobs.readText(orphan),
        after: [count("te_blobs"), count("te_blob_chunks")],
      };
    });
    expect(seen).toEqual({
      same: true,
      afterTwo: [1, 1],
      text: "龍が目覚めた。\n",
      healed: true,
      healedText: "orphaned text",
      after: [2, 2],
    });
  });

  it("a closed workspace takes no more writes or checkpoints but keeps its checkpoints", async () => {
    const { runId, step, user, token } = await runWithWorkspace();
    await step("workspace.write_file", { path: "output/main.md", content: "draft\n" }, 5);
    await inSpace(user.userId, (space) => closeRunWorkspace(freshDeps(space), runId));
    const error = await inSpace(user.userId, async (space) => {
      try {
        await runWorkspaceTool(freshDeps(space), { runId }, "workspace.write_file", {
          path: "output/main.md",
          content: "more",
        });
        return null;
      } catch (e) {
        return (e as { code: string }).code;
      }
    });
    expect(error).toBe("workspace.run_closed");
    const cpError = await inSpace(user.userId, (space) => {
      try {
        createCheckpoint(freshDeps(space), runId, { reason: "chat_commit", eventSeq: 9 });
        return null;
      } catch (e) {
        return (e as { code: string }).code;
      }
    });
    expect(cpError).toBe("workspace.run_closed");
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/checkpoints`, { token, expectStatus: 200 })).checkpoints,
    ).toHaveLength(1);
  });
});

describe("workspace read routes", () => {
  it("answer the contract's errors", async () => {
    const { runId, step, token } = await runWithWorkspace();
    await step("workspace.write_file", { path: "output/main.md", content: "x\n" }, 3);
    const unknownRun = "run_" + "0".repeat(32);
    expect(
      (await apiJson(`/api/v1/agent/runs/${unknownRun}/checkpoints`, { token, expectStatus: 404 })).error.code,
    ).toBe("agent.run_not_found");
    expect((await apiJson(`/api/v1/agent/runs/not-a-run/workspace`, { token, expectStatus: 404 })).error.code).toBe(
      "agent.run_not_found",
    );
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/workspace?checkpointId=cp_000009`, { token, expectStatus: 404 }))
        .error.code,
    ).toBe("workspace.checkpoint_not_found");
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/workspace?checkpointId=nope`, { token, expectStatus: 400 })).error
        .code,
    ).toBe("input.invalid");
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/checkpoints/cp_000001/diff/cp_000002`, { token, expectStatus: 404 }))
        .error.code,
    ).toBe("workspace.checkpoint_not_found");
    // `start` (the files the run started from) may begin a diff, never end one.
    const fromStart = await apiJson(`/api/v1/agent/runs/${runId}/checkpoints/start/diff/cp_000001`, {
      token,
      expectStatus: 200,
    });
    expect(fromStart.files.map((f: { path: string; status: string }) => [f.path, f.status])).toEqual([
      ["output/main.md", "added"],
    ]);
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/checkpoints/cp_000001/diff/start`, { token, expectStatus: 404 }))
        .error.code,
    ).toBe("workspace.checkpoint_not_found");
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/workspace/C%3A%5Cwindows`, { token, expectStatus: 400 })).error.code,
    ).toBe("workspace.invalid_path");
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/workspace/output/none.md`, { token, expectStatus: 404 })).error.code,
    ).toBe("workspace.file_not_found");
    expect((await api(`/api/v1/agent/runs/${runId}/checkpoints`)).status).toBe(401);
    const tree = await apiJson(`/api/v1/agent/runs/${runId}/workspace`, { token, expectStatus: 200 });
    expect(tree).toMatchObject({ runId, checkpointId: null, files: [{ path: "output/main.md", bytes: 2 }] });
  });

  it("a run whose workspace is not initialized yet has no checkpoints and no files", async () => {
    const user = await createUser();
    const handle = await apiJson("/api/v1/agent/dev/runs", {
      token: user.deviceToken,
      body: { stableChatId: "chat-empty" },
      expectStatus: 201,
    });
    expect(
      await apiJson(`/api/v1/agent/runs/${handle.runId}/checkpoints`, { token: user.deviceToken, expectStatus: 200 }),
    ).toEqual({ runId: handle.runId, checkpoints: [] });
    expect(
      (await apiJson(`/api/v1/agent/runs/${handle.runId}/workspace`, { token: user.deviceToken, expectStatus: 200 }))
        .files,
    ).toEqual([]);
  });

  it("another user cannot read a run's workspace", async () => {
    const { runId } = await runWithWorkspace();
    const other = await createUser("Other");
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/workspace`, { token: other.deviceToken, expectStatus: 404 })).error
        .code,
    ).toBe("agent.run_not_found");
  });
});
