import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket, settle } from "../helpers";
import { appendEvents, createRun, inSpace, moveRun, TO_COMPLETED } from "./run-helpers";

describe("run records and the journal (docs/spec/agent-runtime.md §3, docs/spec/journal.md)", () => {
  it("creates a run with run_created as seq 1 and journals every transition", async () => {
    const user = await createUser();
    const run = await createRun(user.userId, "  chat-a  ");
    expect(run).toMatchObject({
      status: "created",
      stableChatId: "chat-a",
      generationType: "normal",
      presentation: "foreground",
      commitCount: 0,
    });
    expect(run.workspaceId).toMatch(/^chat_[0-9a-f]{16}$/);
    await moveRun(user.userId, run.runId, ["initializing_workspace", "calling_model"]);
    const { events } = await apiJson(`/api/v1/agent/runs/${run.runId}/events`, {
      token: user.deviceToken,
      expectStatus: 200,
    });
    expect(events.map((e: any) => [e.seq, e.type, e.payload?.status ?? null])).toEqual([
      [1, "run_created", null],
      [2, "status_changed", "initializing_workspace"],
      [3, "status_changed", "calling_model"],
    ]);
    expect(events[0]).toMatchObject({
      runId: run.runId,
      level: "info",
      payload: {
        workspaceId: run.workspaceId,
        stableChatId: "chat-a",
        persistBaseStateId: null,
        presentation: "foreground",
        eventScope: { invocationId: "inv_root" },
      },
    });
    expect(events[0].id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(new Date(events[0].timestamp).toISOString()).toBe(events[0].timestamp);
    const summary = await apiJson(`/api/v1/agent/runs/${run.runId}`, { token: user.deviceToken, expectStatus: 200 });
    expect(summary).toMatchObject({
      runId: run.runId,
      status: "calling_model",
      chatRef: { kind: "character", chatId: "chat-a" },
      commitCount: 0,
    });
    expect(summary.terminalAt).toBeUndefined();
  });

  it("refuses a transition out of a terminal status, persisting nothing", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    await moveRun(user.userId, run.runId, TO_COMPLETED);
    const error = await inSpace(user.userId, ({ runs }) => {
      try {
        runs.transition(run.runId, "failed");
        return null;
      } catch (caught: any) {
        return { code: caught.code, current: caught.details?.current };
      }
    });
    expect(error).toEqual({ code: "agent.run_status_conflict", current: { status: "completed" } });
    const summary = await apiJson(`/api/v1/agent/runs/${run.runId}`, { token: user.deviceToken, expectStatus: 200 });
    expect(summary.status).toBe("completed");
    expect(summary.terminalAt).toEqual(expect.any(String));
    const { events } = await apiJson(`/api/v1/agent/runs/${run.runId}/events`, { token: user.deviceToken });
    expect(events.at(-1).payload.status).toBe("completed");
    expect(events).toHaveLength(1 + TO_COMPLETED.length);
  });

  it("keeps seq continuous per run under interleaved appends from two runs and two concurrent writers", async () => {
    const user = await createUser();
    const a = await createRun(user.userId, "chat-a");
    const b = await createRun(user.userId, "chat-b");
    const writer = (offset: number) =>
      inSpace(user.userId, async ({ journal }) => {
        for (let i = 0; i < 60; i += 1) {
          journal.append((i + offset) % 3 === 0 ? b.runId : a.runId, {
            type: "tool_call_started",
            payload: { round: 1, callId: `call_${offset}_${i}`, name: "dice.roll" },
          });
          if (i % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        }
      });
    await Promise.all([writer(0), writer(1)]);
    for (const run of [a, b]) {
      const seqs: number[] = [];
      let afterSeq = 0;
      for (;;) {
        const { events } = await apiJson(`/api/v1/agent/runs/${run.runId}/events?afterSeq=${afterSeq}&limit=500`, {
          token: user.deviceToken,
          expectStatus: 200,
        });
        if (events.length === 0) break;
        seqs.push(...events.map((e: any) => e.seq));
        afterSeq = events.at(-1).seq;
      }
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
    const total = await inSpace(user.userId, ({ journal }) => journal.lastSeq(a.runId) + journal.lastSeq(b.runId));
    expect(total).toBe(2 + 120);
  });

  it("pages by afterSeq ascending and by beforeSeq as the latest page, ascending; limit clamps to 1..500", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    await appendEvents(user.userId, run.runId, 620); // seq 2..621
    const seqs = async (query: string) =>
      (
        await apiJson(`/api/v1/agent/runs/${run.runId}/events${query}`, { token: user.deviceToken, expectStatus: 200 })
      ).events.map((e: any) => e.seq);
    expect(await seqs("?beforeSeq=101&limit=5")).toEqual([96, 97, 98, 99, 100]);
    expect(await seqs("?afterSeq=10&limit=3")).toEqual([11, 12, 13]);
    expect(await seqs("?afterSeq=10&beforeSeq=14&limit=500")).toEqual([11, 12, 13]);
    expect(await seqs("?beforeSeq=3")).toEqual([1, 2]);
    expect(await seqs("")).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await seqs("?limit=9999")).length).toBe(500);
    expect(await seqs("?afterSeq=600&limit=0")).toEqual([601]);
    const latest = await seqs("?beforeSeq=9999&limit=3");
    expect(latest).toEqual([619, 620, 621]);
    const bad = await api(`/api/v1/agent/runs/${run.runId}/events?afterSeq=-1`, { token: user.deviceToken });
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).error.code).toBe("input.invalid");
  });

  it("filters events by invocation (primary or related)", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    await inSpace(user.userId, ({ journal }) => {
      journal.append(run.runId, { type: "agent_invocation_created", payload: { invocationId: "inv_child" } });
      journal.append(run.runId, {
        type: "agent_delegate_started",
        payload: { taskId: "task_1" },
        relatedInvocationIds: ["inv_child"],
      });
      journal.append(run.runId, { type: "model_completed", payload: { round: 1 } });
    });
    const { events } = await apiJson(`/api/v1/agent/runs/${run.runId}/events?invocationId=inv_child`, {
      token: user.deviceToken,
      expectStatus: 200,
    });
    expect(events.map((e: any) => e.type)).toEqual(["agent_invocation_created", "agent_delegate_started"]);
    expect(events[1].payload.eventScope).toEqual({ invocationId: "inv_root", relatedInvocationIds: ["inv_child"] });
  });

  it("deletes a terminal run with its events; an active run cannot be deleted", async () => {
    const user = await createUser();
    const socket = await openSocket(user.deviceToken);
    const active = await createRun(user.userId);
    await moveRun(user.userId, active.runId, ["initializing_workspace"]);
    const refused = await apiJson(`/api/v1/agent/runs/${active.runId}`, {
      method: "DELETE",
      token: user.deviceToken,
      expectStatus: 409,
    });
    expect(refused.error).toMatchObject({
      code: "agent.run_active",
      details: { current: { status: "initializing_workspace" } },
    });
    expect(
      (await apiJson(`/api/v1/agent/runs/${active.runId}/events`, { token: user.deviceToken, expectStatus: 200 }))
        .events,
    ).toHaveLength(2);

    const done = await createRun(user.userId);
    await appendEvents(user.userId, done.runId, 30);
    await moveRun(user.userId, done.runId, ["failed"]);
    expect(
      await apiJson(`/api/v1/agent/runs/${done.runId}`, {
        method: "DELETE",
        token: user.deviceToken,
        expectStatus: 200,
      }),
    ).toEqual({ runId: done.runId, deleted: true });
    await socket.waitFor((f) => f.type === "agent.run_removed" && f.runId === done.runId);
    const gone = await apiJson(`/api/v1/agent/runs/${done.runId}/events`, {
      token: user.deviceToken,
      expectStatus: 404,
    });
    expect(gone.error.code).toBe("agent.run_not_found");
    expect(
      await inSpace(user.userId, ({ journal }) => ({
        lastSeq: journal.lastSeq(done.runId),
        events: journal.read(done.runId).length,
      })),
    ).toEqual({ lastSeq: 0, events: 0 });
    await apiJson(`/api/v1/agent/runs/${done.runId}`, { token: user.deviceToken, expectStatus: 404 });
    await apiJson(`/api/v1/agent/runs/${done.runId}`, { method: "DELETE", token: user.deviceToken, expectStatus: 404 });
    socket.ws.close();
  });

  it("lists runs newest first with chat and status filters and a cursor", async () => {
    const user = await createUser();
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      created.push((await createRun(user.userId, i % 2 === 0 ? "chat-even" : "chat-odd")).runId);
      await settle(3);
    }
    await moveRun(user.userId, created[0]!, ["failed"]);
    await moveRun(user.userId, created[2]!, ["cancelled"]);
    const all = await apiJson(`/api/v1/agent/runs`, { token: user.deviceToken, expectStatus: 200 });
    expect(all.runs.map((r: any) => r.runId)).toEqual([...created].reverse());
    expect(all.nextCursor).toBeUndefined();

    const page1 = await apiJson(`/api/v1/agent/runs?limit=2`, { token: user.deviceToken, expectStatus: 200 });
    const page2 = await apiJson(`/api/v1/agent/runs?limit=2&cursor=${page1.nextCursor}`, {
      token: user.deviceToken,
      expectStatus: 200,
    });
    const page3 = await apiJson(`/api/v1/agent/runs?limit=2&cursor=${page2.nextCursor}`, {
      token: user.deviceToken,
      expectStatus: 200,
    });
    expect([...page1.runs, ...page2.runs, ...page3.runs].map((r: any) => r.runId)).toEqual([...created].reverse());
    expect(page3.nextCursor).toBeUndefined();

    const even = await apiJson(`/api/v1/agent/runs?stableChatId=chat-even`, { token: user.deviceToken });
    expect(even.runs.map((r: any) => r.runId)).toEqual([created[4], created[2], created[0]]);
    const ended = await apiJson(`/api/v1/agent/runs?stableChatId=chat-even&statuses=failed,cancelled`, {
      token: user.deviceToken,
    });
    expect(ended.runs.map((r: any) => [r.runId, r.status])).toEqual([
      [created[2], "cancelled"],
      [created[0], "failed"],
    ]);

    const badStatus = await apiJson(`/api/v1/agent/runs?statuses=running`, {
      token: user.deviceToken,
      expectStatus: 400,
    });
    expect(badStatus.error.code).toBe("input.invalid");
    const badCursor = await apiJson(`/api/v1/agent/runs?cursor=zzz`, { token: user.deviceToken, expectStatus: 400 });
    expect(badCursor.error.code).toBe("input.invalid");
  });

  it("answers 404 agent.run_not_found for unknown runs and 401 without a token", async () => {
    const user = await createUser();
    for (const path of ["/api/v1/agent/runs/run_0123456789abcdef0123456789abcdef", "/api/v1/agent/runs/nope/events"]) {
      const body = await apiJson(path, { token: user.deviceToken, expectStatus: 404 });
      expect(body.error.code).toBe("agent.run_not_found");
    }
    expect((await api("/api/v1/agent/runs")).status).toBe(401);
  });

  it("refuses an event payload that would inline large content, and the run keeps its seq", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const code = await inSpace(user.userId, ({ journal }) => {
      try {
        journal.append(run.runId, {
          type: "workspace_file_written",
          payload: { path: "output/main.md", text: "x".repeat(300_000) },
        });
        return null;
      } catch (caught: any) {
        return caught.code;
      }
    });
    expect(code).toBe("agent.journal_payload_too_large");
    expect(await appendEvents(user.userId, run.runId, 1)).toBe(2);
  });
});
