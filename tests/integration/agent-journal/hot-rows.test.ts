/**
 * The rows an agent step keeps in memory (HotRows, docs/decisions/3450) never hide what SQLite
 * holds: a rolled-back transaction leaves no gap in the journal and no stale run, loop state or
 * document; a restore that replaces a run's rows is what the next read sees; documents shrink and
 * vanish exactly; a run's queued guidance and its tasks, kept between model requests
 * (docs/decisions/3600), follow every change.
 */
import { describe, expect, it } from "vitest";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import { dataDeps } from "../../../src/composition/data";
import { hotRows } from "../../../src/composition/hot-rows";
import { IdRemap } from "../../../src/domain/data/id-remap";
import { createUser } from "../helpers";
import { createRun, inSpace, moveRun } from "./run-helpers";

const seqsOf = (events: Array<{ seq: number }>) => events.map((event) => event.seq);

describe("rows kept in memory between steps", () => {
  it("a transaction that throws leaves no gap in the journal and no newer run, state or document", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const result = await inSpace(user.userId, ({ runs, journal }, space) => {
      const { store } = agentLoopDeps(space);
      journal.append(run.runId, { type: "tool_call_completed", payload: { n: 1 } });
      store.writeState(run.runId, '{"phase":"model"}', 0, 1);
      store.putDoc(run.runId, "notes.md", "first");
      // Everything below is read into memory, then changed inside a transaction that fails.
      runs.get(run.runId);
      store.readState(run.runId);
      store.getDoc(run.runId, "notes.md");
      expect(() =>
        space.storage.transactionSync(() => {
          journal.append(run.runId, { type: "tool_call_completed", payload: { n: 2 } });
          runs.update(run.runId, { commitCount: 5 });
          store.writeState(run.runId, '{"phase":"tool"}', 1, 2);
          store.putDoc(run.runId, "notes.md", "second");
          store.putDoc(run.runId, "other.md", "never");
          throw new Error("boom");
        }),
      ).toThrow("boom");
      const next = journal.append(run.runId, { type: "tool_call_completed", payload: { n: 3 } });
      return {
        next: next.seq,
        seqs: seqsOf(journal.read(run.runId)),
        commitCount: runs.get(run.runId).commitCount,
        state: store.readState(run.runId),
        note: store.getDoc(run.runId, "notes.md"),
        other: store.getDoc(run.runId, "other.md"),
      };
    });
    expect(result.seqs).toEqual([1, 2, 3]);
    expect(result.next).toBe(3);
    expect(result.commitCount).toBe(0);
    expect(result.state).toEqual({ json: '{"phase":"model"}', version: 1 });
    expect(result.note).toBe("first");
    expect(result.other).toBeNull();
  });

  it("a restore that replaces a run's rows is what the next read sees", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    await inSpace(user.userId, ({ journal }, space) => {
      for (let n = 0; n < 4; n += 1) journal.append(run.runId, { type: "tool_call_completed", payload: { n } });
      agentLoopDeps(space).store.putDoc(run.runId, "notes.md", "before");
    });
    await moveRun(user.userId, run.runId, ["failed"]);
    const after = await inSpace(user.userId, async ({ runs, journal }, space) => {
      const kind = dataDeps(space).kinds.find((k) => k.name === "runs")!;
      const exported = (await kind.exportItem(run.runId))!;
      const rows = JSON.parse(String(exported.files["rows.json"])) as Record<string, Array<Record<string, unknown>>>;
      // The archived copy: an older journal (three events), another commit count and note.
      rows.te_journal = rows.te_journal!.filter((row) => Number(row.seq) <= 3);
      rows.te_runs![0]!.commit_count = 7;
      rows.te_agent_docs = rows.te_agent_docs!.map((row) =>
        row.name === "notes.md" ? { ...row, body: "after" } : row,
      );
      const { store } = agentLoopDeps(space);
      // Warm every memory this could go stale in.
      runs.get(run.runId);
      journal.lastSeq(run.runId);
      store.getDoc(run.runId, "notes.md");
      const text = JSON.stringify(rows);
      await kind.importItem(
        {
          id: run.runId,
          file: (path) => (path === "rows.json" ? new TextEncoder().encode(text) : null),
          text: (path) => (path === "rows.json" ? text : null),
          json: <T>(path: string) => JSON.parse(path === "rows.json" ? text : "null") as T,
          blob: async () => {
            throw new Error("no blobs in this run");
          },
        },
        { secrets: undefined, replace: true, targetId: run.runId, remap: new IdRemap({}) },
      );
      const appended = journal.append(run.runId, { type: "tool_call_completed", payload: { n: "after restore" } });
      return {
        commitCount: runs.get(run.runId).commitCount,
        appended: appended.seq,
        seqs: seqsOf(journal.read(run.runId)),
        note: store.getDoc(run.runId, "notes.md"),
      };
    });
    expect(after.commitCount).toBe(7);
    expect(after.appended).toBe(4);
    expect(after.seqs).toEqual([1, 2, 3, 4]);
    expect(after.note).toBe("after");
  });

  it("a document that shrinks loses its extra chunks; a deleted run's documents are gone", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const result = await inSpace(user.userId, ({ runs }, space) => {
      const { store } = agentLoopDeps(space);
      const big = "a".repeat(700 * 1024); // three chunks
      store.putDoc(run.runId, "big.json", big);
      const first = store.getDoc(run.runId, "big.json")?.length;
      store.putDoc(run.runId, "big.json", "small");
      const rows = space.sql
        .exec("SELECT count(*) AS n FROM te_agent_docs WHERE run_id = ? AND name = 'big.json'", run.runId)
        .one().n;
      const small = store.getDoc(run.runId, "big.json");
      runs.transition(run.runId, "failed");
      runs.delete(run.runId);
      return { first, rows: Number(rows), small, afterDelete: store.getDoc(run.runId, "big.json") };
    });
    expect(result).toEqual({ first: 700 * 1024, rows: 1, small: "small", afterDelete: null });
  });

  it("events appended together get consecutive seqs, in order, before and after the memory is cleared", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const result = await inSpace(user.userId, ({ runs, journal }, space) => {
      const batch = (n: number) =>
        Array.from({ length: 3 }, (_, i) => ({ type: "tool_call_completed" as const, payload: { batch: n, i } }));
      runs.get(run.runId);
      const first = journal.appendMany(run.runId, batch(1)).map((e) => e.seq);
      hotRows(space).invalidate();
      const second = journal.appendMany(run.runId, batch(2)).map((e) => e.seq);
      const third = journal.appendMany(run.runId, batch(3)).map((e) => e.seq);
      const stored = journal.read(run.runId).map((e) => [e.seq, e.payload?.batch ?? null, e.payload?.i ?? null]);
      return { first, second, third, stored };
    });
    expect(result.first).toEqual([2, 3, 4]);
    expect(result.second).toEqual([5, 6, 7]);
    expect(result.third).toEqual([8, 9, 10]);
    expect(result.stored.slice(1)).toEqual([
      [2, 1, 0],
      [3, 1, 1],
      [4, 1, 2],
      [5, 2, 0],
      [6, 2, 1],
      [7, 2, 2],
      [8, 3, 0],
      [9, 3, 1],
      [10, 3, 2],
    ]);
  });

  it("queued guidance and delegated tasks kept between model requests follow every change", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const result = await inSpace(user.userId, (_deps, space) => {
      const { store, delegation } = agentLoopDeps(space);
      const queued = () => store.guidance(run.runId, "queued").map((g) => g.guidanceId);
      const guidance = (guidanceId: string) => ({
        guidanceId,
        clientGuidanceId: null,
        text: `text of ${guidanceId}`,
        chars: 10,
        submittedAt: 1,
        status: "queued" as const,
      });
      const seen: Record<string, unknown> = { none: queued() };
      store.addGuidance(run.runId, guidance("g1"));
      seen.added = queued();
      store.setGuidanceStatus(run.runId, ["g1"], "applied");
      seen.applied = queued();
      // A write that is rolled back leaves no trace in what is kept.
      expect(() =>
        space.storage.transactionSync(() => {
          store.addGuidance(run.runId, guidance("g2"));
          queued();
          throw new Error("boom");
        }),
      ).toThrow("boom");
      seen.rolledBack = queued();

      const status = () => delegation.tasks(run.runId, "inv_root").map((t) => `${t.taskId}:${t.status}:${t.delivered}`);
      seen.noTasks = status();
      delegation.addTask({
        runId: run.runId,
        taskId: "task_1",
        parentInvocationId: "inv_root",
        childInvocationId: "inv_child",
        targetProfileId: "default-writer",
        workspaceKey: "root",
        continuation: "return_to_parent",
        status: "queued",
        brief: { objective: "Find the dragon's name." },
        delegateCallId: "call_1",
        delegateRound: 1,
        summary: null,
        resultRef: null,
        error: null,
        delivered: false,
        createdAt: 1,
        updatedAt: 1,
      });
      seen.task = status();
      delegation.updateTask(run.runId, "task_1", { status: "completed", delivered: true }, 2);
      seen.updated = status();
      seen.otherParent = delegation.tasks(run.runId, "inv_other").length;
      // A restore rewrites rows underneath; it clears the object's memory, as every bulk write does.
      space.sql.exec("UPDATE te_agent_tasks SET status = 'failed' WHERE run_id = ?", run.runId);
      hotRows(space).invalidate();
      seen.rewritten = status();
      return seen;
    });
    expect(result).toEqual({
      none: [],
      added: ["g1"],
      applied: [],
      rolledBack: [],
      noTasks: [],
      task: ["task_1:queued:false"],
      updated: ["task_1:completed:true"],
      otherParent: 0,
      rewritten: ["task_1:failed:true"],
    });
  });

  it("documents stored together read back exactly, from memory and from SQLite", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const result = await inSpace(user.userId, (_deps, space) => {
      const { store } = agentLoopDeps(space);
      store.putDoc(run.runId, "old.json", "before");
      const big = "b".repeat(400 * 1024); // two chunks
      store.putDocs(run.runId, [
        ["a.json", "first"],
        ["old.json", "after"],
        ["b.json", "second"],
        ["big.json", big],
        ["a.json", "first, again"],
      ]);
      const names = ["a.json", "b.json", "old.json", "big.json"] as const;
      const read = () => Object.fromEntries(names.map((name) => [name, store.getDoc(run.runId, name)?.slice(0, 20)]));
      const fromMemory = read();
      hotRows(space).invalidate();
      const fromSql = read();
      const rows = space.sql
        .exec("SELECT name, count(*) AS n FROM te_agent_docs WHERE run_id = ? GROUP BY name ORDER BY name", run.runId)
        .toArray()
        .map((row) => `${row.name}:${row.n}`);
      return { fromMemory, fromSql, rows };
    });
    const expected = { "a.json": "first, again", "b.json": "second", "old.json": "after", "big.json": "b".repeat(20) };
    expect(result.fromMemory).toEqual(expected);
    expect(result.fromSql).toEqual(expected);
    expect(result.rows).toEqual(["a.json:1", "b.json:1", "big.json:2", "old.json:1"]);
  });
});
