import { describe, expect, it } from "vitest";
import { JournalService } from "../../../src/application/agent/journal";
import { RunRecordService } from "../../../src/application/agent/run-records";
import { InMemoryRunJournal } from "../../fakes/in-memory-run-journal";
import { InMemoryRunRepository, RecordingSocketHub } from "../../fakes/in-memory-run-repository";

function build() {
  let now = 1_764_450_000_000;
  const clock = { now: () => (now += 1) };
  const repo = new InMemoryRunRepository();
  const store = new InMemoryRunJournal({ now: clock.now, autoCreateRuns: true });
  const sockets = new RecordingSocketHub();
  const journal = new JournalService(store, repo, sockets);
  const cleaned: string[] = [];
  const runs = new RunRecordService(repo, journal, clock, sockets, [(runId) => cleaned.push(runId)]);
  return { runs, journal, store, sockets, cleaned };
}

describe("RunRecordService + JournalService over the fakes", () => {
  it("create → transitions → append publish to run:<id> and broadcast run_changed", async () => {
    const { runs, journal, store, sockets } = build();
    const run = await runs.create({ stableChatId: "chat-1", presentation: "background" });
    runs.transition(run.runId, "initializing_workspace");
    journal.append(run.runId, {
      type: "workspace_initialized",
      payload: { workspaceId: run.workspaceId, stableChatId: "chat-1" },
    });
    expect(store.all(run.runId).map((e) => [e.seq, e.type])).toEqual([
      [1, "run_created"],
      [2, "status_changed"],
      [3, "workspace_initialized"],
    ]);
    expect(
      sockets.published.map((p) => [p.key, p.frame.type, p.frame.type === "agent.event" ? p.frame.event.seq : null]),
    ).toEqual([
      [`run:${run.runId}`, "agent.event", 1],
      [`run:${run.runId}`, "agent.event", 2],
      [`run:${run.runId}`, "agent.event", 3],
    ]);
    expect(sockets.broadcasts).toEqual([
      { type: "agent.run_changed", runId: run.runId, status: "created", waitingOn: null, commitCount: 0 },
      {
        type: "agent.run_changed",
        runId: run.runId,
        status: "initializing_workspace",
        waitingOn: null,
        commitCount: 0,
      },
    ]);
  });

  it("a commit and the final status reach every device's run list with the commit count (no reload)", async () => {
    const { runs, sockets } = build();
    const run = await runs.create({ stableChatId: "chat-1" });
    runs.transition(run.runId, "initializing_workspace");
    sockets.broadcasts.length = 0;
    runs.update(run.runId, { commitCount: 1 });
    runs.update(run.runId, { commitCount: 1 });
    runs.transition(run.runId, "failed");
    const frames = sockets.broadcasts.filter((f) => f.type === "agent.run_changed");
    expect(
      frames.map((f) => [f.type === "agent.run_changed" && f.status, f.type === "agent.run_changed" && f.commitCount]),
    ).toEqual([
      ["initializing_workspace", 1],
      ["failed", 1],
    ]);
    expect(runs.list({}).runs[0]).toMatchObject({ status: "failed", commitCount: 1 });
  });

  it("followRun registers first, replays the backlog, then reports lastSeq", async () => {
    const { runs, journal } = build();
    const run = await runs.create({ stableChatId: "chat-1" });
    for (let i = 0; i < 3; i += 1)
      journal.append(run.runId, { type: "checkpoint_created", payload: { checkpointId: `cp_00000${i + 1}` } });
    const log: string[] = [];
    const lastSeq = journal.followRun(run.runId, 2, {
      follow: () => log.push("follow"),
      send: (frame) =>
        log.push(
          frame.type === "agent.event"
            ? `event ${frame.event.seq}`
            : `${frame.type} ${frame.type === "agent.subscribed" ? frame.lastSeq : ""}`,
        ),
    });
    expect(lastSeq).toBe(4);
    expect(log).toEqual(["follow", "event 3", "event 4", "agent.subscribed 4"]);
    expect(() => journal.followRun("run_missing", 0, { follow: () => log.push("bad"), send: () => undefined })).toThrow(
      expect.objectContaining({ code: "agent.run_not_found" }),
    );
    expect(log).not.toContain("bad");
  });

  it("delete runs the cleanups for terminal runs only; update keeps summary fields", async () => {
    const { runs, cleaned, sockets } = build();
    const run = await runs.create({ stableChatId: "chat-1" });
    expect(() => runs.delete(run.runId)).toThrow(expect.objectContaining({ code: "agent.run_active" }));
    const updated = runs.update(run.runId, {
      commitCount: 1,
      committedMessage: { commitId: "commit_1", messageId: "msg_1", committedAt: 5 },
    });
    expect(updated.commitCount).toBe(1);
    runs.transition(run.runId, "cancelled");
    expect(runs.get(run.runId)).toMatchObject({ status: "cancelled", terminalAt: expect.any(Number), commitCount: 1 });
    expect(runs.delete(run.runId)).toEqual({ runId: run.runId, deleted: true });
    expect(cleaned).toEqual([run.runId]);
    expect(runs.find(run.runId)).toBeNull();
    expect(sockets.broadcasts.at(-1)).toEqual({ type: "agent.run_removed", runId: run.runId });
  });

  it("a status change can say what the run waits on in the same frame; saying the same wait again sends nothing", async () => {
    const { runs, sockets } = build();
    const run = await runs.create({ stableChatId: "chat-1" });
    runs.transition(run.runId, "initializing_workspace");
    sockets.broadcasts.length = 0;
    const calling = runs.transition(run.runId, "calling_model", [], { kind: "model", since: 100, detail: "deepseek" });
    expect(calling.waitingOn).toEqual({ kind: "model", since: 100, detail: "deepseek" });
    expect(runs.get(run.runId).waitingOn).toEqual({ kind: "model", since: 100, detail: "deepseek" });
    // The step's own "waiting on the model" that follows changes nothing and keeps the first since.
    runs.setWaitingOn(run.runId, { kind: "model", since: 200, detail: "deepseek" });
    expect(runs.get(run.runId).waitingOn).toEqual({ kind: "model", since: 100, detail: "deepseek" });
    // Another detail or kind is news; a status change without a wait keeps the current one.
    runs.setWaitingOn(run.runId, { kind: "model", since: 300, detail: "qwen" });
    runs.transition(run.runId, "dispatching_tool");
    expect(runs.get(run.runId).waitingOn).toEqual({ kind: "model", since: 300, detail: "qwen" });
    runs.setWaitingOn(run.runId, null);
    runs.setWaitingOn(run.runId, null);
    runs.transition(run.runId, "failed", [], { kind: "model", since: 400 });
    const frames = sockets.broadcasts.map((f) =>
      f.type === "agent.run_changed" ? [f.status, f.waitingOn?.kind ?? null, f.waitingOn?.detail ?? null] : f.type,
    );
    expect(frames).toEqual([
      ["calling_model", "model", "deepseek"],
      ["calling_model", "model", "qwen"],
      ["dispatching_tool", "model", "qwen"],
      ["dispatching_tool", null, null],
      ["failed", null, null],
    ]);
    // A terminal status always clears the wait.
    expect(runs.get(run.runId)).toMatchObject({ status: "failed", waitingOn: null });
  });
});
