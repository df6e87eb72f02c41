/** Persistent state (docs/spec/workspace.md §3): projection at run start, promotion only on a successful finish, conflicts. */
import { describe, expect, it } from "vitest";
import { createCheckpoint, diffCheckpoints } from "../../../src/application/workspace/checkpoints";
import { promotePersistentState, projectPersistentState } from "../../../src/application/workspace/persist";
import { RUN_START_ID } from "../../../src/domain/workspace/checkpoint-id";
import { closeRunWorkspace, createRunWorkspace } from "../../../src/application/workspace/run-workspace";
import { runWorkspaceTool } from "../../../src/application/workspace/tools/dispatch";
import type { Space } from "../../../src/ports/space";
import { createUser } from "../helpers";
import { freshDeps, inSpace, ok, testRunId } from "./ws-helpers";

const WORKSPACE = "chat_1111222233334444";

/** Starts a run of the chat projected from `base`; returns its id. */
function startRun(space: Space, base: string | null): string {
  const runId = testRunId();
  const deps = freshDeps(space);
  createRunWorkspace(deps, {
    runId,
    workspaceId: WORKSPACE,
    stableChatId: "chat-p",
    chatRef: { kind: "character", chatId: "chat-p" },
  });
  projectPersistentState(deps, runId, base);
  return runId;
}

async function tool(space: Space, runId: string, name: string, args: Record<string, unknown>) {
  return ok(await runWorkspaceTool(freshDeps(space), { runId }, name, args));
}

async function persistOf(space: Space, runId: string, path: string): Promise<string | null> {
  const out = await runWorkspaceTool(freshDeps(space), { runId, invocationId: "inv_probe" }, "workspace.read_file", {
    path,
  });
  return out.isError ? null : out.content.slice(out.content.indexOf("\n") + 1);
}

describe("persistent state", () => {
  it("promotes persist/ changes on a successful finish and projects them into the next run", async () => {
    const user = await createUser();
    await inSpace(user.userId, async (space) => {
      const first = startRun(space, null);
      await tool(space, first, "workspace.write_file", { path: "persist/facts.md", content: "Alice likes tea.\n" });
      await tool(space, first, "workspace.write_file", { path: "output/main.md", content: "chapter 1" });
      const promoted = promotePersistentState(freshDeps(space), first);
      expect(promoted).toMatchObject({ stateId: first, baseStateId: null, changeCount: 1, created: true });
      expect(promoted.changes).toEqual([
        { path: "persist/facts.md", kind: "added", sha256: expect.any(String), bytes: 17, baseSha256: null },
      ]);
      // The finished run's workspace no longer changes.
      await expect(
        runWorkspaceTool(freshDeps(space), { runId: first }, "workspace.write_file", {
          path: "persist/x.md",
          content: "x",
        }),
      ).rejects.toMatchObject({ code: "workspace.run_closed" });

      const second = startRun(space, first);
      expect(await persistOf(space, second, "persist/facts.md")).toBe("Alice likes tea.\n");
      expect(await persistOf(space, second, "output/main.md")).toBeNull(); // run roots are not carried over
      await tool(space, second, "workspace.read_file", { path: "persist/facts.md" });
      await tool(space, second, "workspace.apply_patch", {
        path: "persist/facts.md",
        old_string: "tea",
        new_string: "coffee",
      });
      const next = promotePersistentState(freshDeps(space), second);
      expect(next).toMatchObject({ stateId: second, baseStateId: first, changeCount: 1 });
      expect(next.changes[0]).toMatchObject({
        path: "persist/facts.md",
        kind: "modified",
        baseSha256: promoted.changes[0]!.sha256,
      });

      // The older state is immutable: a run projected from it still sees tea.
      const third = startRun(space, first);
      expect(await persistOf(space, third, "persist/facts.md")).toBe("Alice likes tea.\n");
    });
  });

  it("a run's first write is diffed from the files it started from: a carried-over file reads as changed", async () => {
    const user = await createUser();
    const seen = await inSpace(user.userId, async (space) => {
      const first = startRun(space, null);
      await tool(space, first, "workspace.write_file", { path: "persist/keep.md", content: "one\n" });
      promotePersistentState(freshDeps(space), first);
      const second = startRun(space, first);
      await tool(space, second, "workspace.read_file", { path: "persist/keep.md" });
      await tool(space, second, "workspace.write_file", { path: "persist/keep.md", content: "one\ntwo\n" });
      const cp1 = createCheckpoint(freshDeps(space), second, { reason: "tool_workspace_write", eventSeq: 1 });
      await tool(space, second, "workspace.write_file", { path: "plan/new.md", content: "fresh\n" });
      const cp2 = createCheckpoint(freshDeps(space), second, { reason: "tool_workspace_write", eventSeq: 2 });
      const fromStart = diffCheckpoints(freshDeps(space), second, RUN_START_ID, cp1.id).files;
      const fresh = startRun(space, null);
      await tool(space, fresh, "workspace.write_file", { path: "plan/new.md", content: "fresh\n" });
      const cp = createCheckpoint(freshDeps(space), fresh, { reason: "tool_workspace_write", eventSeq: 1 });
      return {
        fromStart,
        laterStillNew: diffCheckpoints(freshDeps(space), second, RUN_START_ID, cp2.id).files.map((f) => [
          f.path,
          f.status,
        ]),
        freshRun: diffCheckpoints(freshDeps(space), fresh, RUN_START_ID, cp.id).files.map((f) => [f.path, f.status]),
      };
    });
    expect(seen.fromStart).toEqual([
      expect.objectContaining({ path: "persist/keep.md", status: "modified", additions: 1, deletions: 0 }),
    ]);
    expect(seen.fromStart[0]!.diff).toContain(" one\n+two\n");
    expect(seen.laterStillNew).toEqual([
      ["persist/keep.md", "modified"],
      ["plan/new.md", "added"],
    ]);
    expect(seen.freshRun).toEqual([["plan/new.md", "added"]]);
  });

  it("leaves the stable layer untouched when a run fails or is cancelled", async () => {
    const user = await createUser();
    await inSpace(user.userId, async (space) => {
      const base = startRun(space, null);
      await tool(space, base, "workspace.write_file", { path: "persist/mood.md", content: "calm\n" });
      promotePersistentState(freshDeps(space), base);

      for (const outcome of ["failed", "cancelled"]) {
        const run = startRun(space, base);
        await tool(space, run, "workspace.read_file", { path: "persist/mood.md" });
        await tool(space, run, "workspace.write_file", { path: "persist/mood.md", content: `${outcome}!\n` });
        await tool(space, run, "workspace.write_file", { path: "persist/new.md", content: "new\n" });
        closeRunWorkspace(freshDeps(space), run); // the loop's finalizer on failure / cancel
        expect(() => promotePersistentState(freshDeps(space), run)).toThrow(
          expect.objectContaining({ code: "workspace.run_closed" }),
        );
        expect(freshDeps(space).persist.state(WORKSPACE, run)).toBeNull();
        // its own workspace keeps what it wrote (for inspection)
        expect(await persistOf(space, run, "persist/mood.md")).toBe(`${outcome}!\n`);
      }
      const later = startRun(space, base);
      expect(await persistOf(space, later, "persist/mood.md")).toBe("calm\n");
      expect(await persistOf(space, later, "persist/new.md")).toBeNull();
    });
  });

  it("refuses a concurrent run's promotion that changed the same file differently, allows disjoint changes", async () => {
    const user = await createUser();
    await inSpace(user.userId, async (space) => {
      const base = startRun(space, null);
      await tool(space, base, "workspace.write_file", { path: "persist/a.md", content: "a0\n" });
      await tool(space, base, "workspace.write_file", { path: "persist/b.md", content: "b0\n" });
      promotePersistentState(freshDeps(space), base);

      const one = startRun(space, base);
      const two = startRun(space, base);
      const three = startRun(space, base);
      for (const run of [one, two, three])
        for (const p of ["persist/a.md", "persist/b.md"]) await tool(space, run, "workspace.read_file", { path: p });
      await tool(space, one, "workspace.write_file", { path: "persist/a.md", content: "a1\n" });
      await tool(space, two, "workspace.write_file", { path: "persist/a.md", content: "a2\n" });
      await tool(space, three, "workspace.write_file", { path: "persist/b.md", content: "b3\n" });
      expect(promotePersistentState(freshDeps(space), one).created).toBe(true);
      expect(() => promotePersistentState(freshDeps(space), two)).toThrow(
        expect.objectContaining({
          code: "workspace.persist_conflict",
          details: { path: "persist/a.md", stateId: one },
        }),
      );
      expect(freshDeps(space).persist.state(WORKSPACE, two)).toBeNull();
      expect(promotePersistentState(freshDeps(space), three)).toMatchObject({ created: true, changeCount: 1 });

      // A run started after `one` finished is not concurrent with it.
      const four = startRun(space, base);
      await tool(space, four, "workspace.read_file", { path: "persist/a.md" });
      await tool(space, four, "workspace.write_file", { path: "persist/a.md", content: "a4\n" });
      expect(promotePersistentState(freshDeps(space), four).created).toBe(true);
    });
  });

  it("a finish without persistent changes creates no state and keeps the base id", async () => {
    const user = await createUser();
    await inSpace(user.userId, async (space) => {
      const run = startRun(space, null);
      await tool(space, run, "workspace.write_file", { path: "output/main.md", content: "text" });
      expect(promotePersistentState(freshDeps(space), run)).toEqual({
        stateId: null,
        baseStateId: null,
        changeCount: 0,
        changes: [],
        created: false,
      });
      expect(() => startRun(space, "run_" + "9".repeat(32))).toThrow(
        expect.objectContaining({ code: "workspace.persist_state_not_found" }),
      );
    });
  });
});
