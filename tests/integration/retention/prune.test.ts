/**
 * Retention prune end to end (docs/spec/retention-usage.md): six finished runs and one still
 * going; keep 4, keep 2 whole. The two newest stay whole, the next two are slimmed (journal and
 * summary kept, workspace/documents gone, 410 agent.run_slimmed), the two oldest are deleted, the
 * running one is untouched; blobs only the pruned runs used are swept, shared and persistent ones
 * stay; usage drops by exactly what was pruned and matches a full-scan reference count.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, apiJson, openSocket, type TestUser } from "../helpers";
import { inSpace } from "../workspace/ws-helpers";
import { driveRun, userWithChat, waitTerminal } from "../agent-loop/loop-helpers";
import { blobsOnlyUsedBy, referenceUsage, runRowBytes } from "./usage-reference";

const call = (id: string, name: string, args: unknown) => ({ calls: [{ id, name, arguments: JSON.stringify(args) }] });

function script(i: number, withPersist: boolean) {
  return [
    call(`call_w${i}`, "workspace_write_file", {
      path: "output/main.md",
      content: `Story ${i}: the dragon ${"x".repeat(200 * (i + 1))}`,
    }),
    call(`call_s${i}`, "workspace_write_file", { path: "scratch/notes.md", content: "Shared notes every run writes." }),
    ...(withPersist
      ? [call(`call_p${i}`, "workspace_write_file", { path: "persist/world.md", content: "The world has two moons." })]
      : []),
    call(`call_c${i}`, "workspace_commit", {}),
    call(`call_f${i}`, "workspace_finish", { reason: "done" }),
  ];
}

let user: TestUser;
let token: string;
/** Finished runs newest first (the order GET /agent/runs shows). */
let finished: string[];
let active: string;

async function rows(runId: string) {
  return inSpace(user.userId, (space) => {
    const n = (q: string) => Number(space.sql.exec(q, runId).one().n);
    return {
      docs: n("SELECT count(*) AS n FROM te_agent_docs WHERE run_id = ?"),
      files: n("SELECT count(*) AS n FROM te_ws_files WHERE run_id = ?"),
      checkpoints: n("SELECT count(*) AS n FROM te_checkpoints WHERE run_id = ?"),
      journal: n("SELECT count(*) AS n FROM te_journal WHERE run_id = ?"),
      loop: n("SELECT count(*) AS n FROM te_agent_loop WHERE run_id = ?"),
      docBytes: n("SELECT coalesce(sum(length(body)), 0) AS n FROM te_agent_docs WHERE run_id = ?"),
    };
  });
}

describe("retention prune", () => {
  beforeAll(async () => {
    const setup = await userWithChat();
    user = setup.user;
    token = user.deviceToken;
    for (let i = 0; i < 6; i += 1) {
      const result = await driveRun(user.userId, setup.chatId, { steps: script(i, i === 0) });
      expect(result.status).toBe("completed");
    }
    const started = await driveRun(user.userId, setup.chatId, { steps: script(9, false), maxSteps: 6 });
    expect(["completed", "failed", "cancelled", "partial_success"]).not.toContain(started.status);
    active = started.runId;
    const list = await apiJson("/api/v1/agent/runs?limit=50", { token, expectStatus: 200 });
    finished = list.runs.map((run: any) => run.runId).filter((id: string) => id !== active);
    expect(finished).toHaveLength(6);
    await apiJson("/api/v1/agent/retention", {
      method: "PATCH",
      token,
      body: { keepRecentTerminalRuns: 4, keepFullRecentRuns: 2 },
      expectStatus: 200,
    });
  });

  it("previews the runs it would slim and delete and leaves the running one alone", async () => {
    const plan = await apiJson("/api/v1/agent/retention/plan", { token, expectStatus: 200 });
    expect(plan.terminalRuns).toBe(6);
    expect(plan.keepFull).toBe(2);
    expect(plan.slim.map((r: any) => r.runId)).toEqual(finished.slice(2, 4));
    expect(plan.delete.map((r: any) => r.runId)).toEqual(finished.slice(4, 6));
    expect(plan.slim.map((r: any) => r.rank)).toEqual([2, 3]);
    expect(plan.blocked).toEqual([expect.objectContaining({ runId: active, blockReason: "active_run" })]);
    expect(plan).toMatchObject({ slimCount: 2, deleteCount: 2, truncated: false });
  });

  it("slims and deletes exactly the planned runs, sweeps their blobs, and usage drops by what was pruned", async () => {
    const slim = finished.slice(2, 4);
    const gone = finished.slice(4, 6);
    const kept = finished.slice(0, 2);
    const keptBefore = await Promise.all(kept.map(rows));
    const activeBefore = await rows(active);
    const slimBefore = await Promise.all(slim.map(rows));
    const expected = await inSpace(user.userId, (space) => {
      const pruned = [...slim, ...gone];
      const blobs = blobsOnlyUsedBy(space, pruned);
      const rowBytes =
        gone.reduce((sum, id) => sum + runRowBytes(space, id, true), 0) +
        slim.reduce((sum, id) => sum + runRowBytes(space, id, false), 0);
      const events = Number(
        space.sql.exec("SELECT count(*) AS n FROM te_journal WHERE run_id IN (?, ?)", gone[0], gone[1]).one().n,
      );
      return { blobs, bytes: rowBytes + blobs.bytes, events };
    });
    expect(expected.blobs.count).toBeGreaterThan(0);
    const usageBefore = await apiJson("/api/v1/usage", { token, expectStatus: 200 });
    const other = await openSocket(token);

    const result = await apiJson("/api/v1/agent/retention/prune", { method: "POST", token, expectStatus: 200 });
    expect(result).toEqual({ slimmed: 2, deleted: 2, bytesFreed: expected.bytes, remaining: 0 });

    // Every device hears it.
    await other.waitFor((f) => f.type === "agent.retention_pruned" && f.prune.deleted === 2);
    for (const runId of gone) await other.waitFor((f) => f.type === "agent.run_removed" && f.runId === runId);
    for (const runId of slim)
      await other.waitFor((f) => f.type === "agent.run_changed" && f.runId === runId && f.slimmed);

    // Usage: the tracked runs + workspace bytes drop by bytesFreed; counts by what went.
    const usageAfter = await apiJson("/api/v1/usage", { token, expectStatus: 200 });
    expect(
      usageBefore.bytes.runs + usageBefore.bytes.workspace - usageAfter.bytes.runs - usageAfter.bytes.workspace,
    ).toBe(result.bytesFreed);
    expect(usageAfter.counts.runs).toBe(usageBefore.counts.runs - 2);
    expect(usageAfter.counts.journalEvents).toBe(usageBefore.counts.journalEvents - expected.events);
    expect(usageAfter.counts.workspaceBlobs).toBe(usageBefore.counts.workspaceBlobs - expected.blobs.count);
    expect(usageAfter.bytes.chats).toBe(usageBefore.bytes.chats);
    const reference = await inSpace(user.userId, referenceUsage);
    expect(usageAfter.counts).toEqual(reference.counts);
    expect(usageAfter.bytes).toMatchObject(reference.bytes);

    // Deleted runs are gone; slimmed runs keep record and journal; kept and active runs are intact.
    for (const runId of gone) expect((await api(`/api/v1/agent/runs/${runId}`, { token })).status).toBe(404);
    for (const [i, runId] of slim.entries()) {
      const after = await rows(runId);
      expect(after).toMatchObject({ docs: 0, files: 0, checkpoints: 0, loop: 0, journal: slimBefore[i]!.journal });
      const summary = await apiJson(`/api/v1/agent/runs/${runId}`, { token, expectStatus: 200 });
      expect(summary.status).toBe("completed");
      expect(typeof summary.slimmedAt).toBe("string");
      const events = await apiJson(`/api/v1/agent/runs/${runId}/events?limit=500`, { token, expectStatus: 200 });
      expect(events.events).toHaveLength(slimBefore[i]!.journal);
    }
    expect(await Promise.all(kept.map(rows))).toEqual(keptBefore);
    expect(await rows(active)).toEqual(activeBefore);
    const keptFile = await apiJson(`/api/v1/agent/runs/${kept[0]}/workspace/output/main.md`, {
      token,
      expectStatus: 200,
    });
    expect(keptFile.content).toMatch(/^Story 5: the dragon/);

    // Shared and persistent blobs stay readable.
    const shared = await apiJson(`/api/v1/agent/runs/${kept[1]}/workspace/scratch/notes.md`, {
      token,
      expectStatus: 200,
    });
    expect(shared.content).toBe("Shared notes every run writes.");
    const persisted = await inSpace(
      user.userId,
      (space) =>
        space.sql
          .exec(
            "SELECT count(*) AS n FROM te_ws_persist_files p JOIN te_blobs b ON b.hash = p.hash WHERE p.path = 'persist/world.md'",
          )
          .one().n,
    );
    expect(Number(persisted)).toBe(1);
    other.ws.close();
  });

  it("answers 410 agent.run_slimmed for the slimmed data and keeps the journal readable", async () => {
    const runId = finished[2]!;
    for (const path of [
      `/api/v1/agent/runs/${runId}/checkpoints`,
      `/api/v1/agent/runs/${runId}/workspace`,
      `/api/v1/agent/runs/${runId}/workspace/output/main.md`,
      `/api/v1/agent/runs/${runId}/checkpoints/cp_000001/diff/cp_000002`,
      `/api/v1/agent/runs/${runId}/model-turns/1`,
    ]) {
      const response = await api(path, { token });
      const body: any = await response.json();
      expect(response.status, path).toBe(410);
      expect(body.error.code).toBe("agent.run_slimmed");
      expect(body.error.message).toMatch(/journal/);
    }
    expect((await api(`/api/v1/agent/runs/${finished[0]}/model-turns/1`, { token })).status).toBe(200);
  });

  it("a second prune has nothing to do, and the running run still finishes afterwards", async () => {
    const again = await apiJson("/api/v1/agent/retention/prune", { method: "POST", token, expectStatus: 200 });
    expect(again).toEqual({ slimmed: 0, deleted: 0, bytesFreed: 0, remaining: 0 });
    const plan = await apiJson("/api/v1/agent/retention/plan", { token, expectStatus: 200 });
    expect(plan).toMatchObject({ terminalRuns: 4, alreadySlimmed: 2, slim: [], delete: [] });
    const settings = await apiJson("/api/v1/agent/retention", { token, expectStatus: 200 });
    expect(settings.lastPrune).toMatchObject({ trigger: "manual", slimmed: 0, deleted: 0 });
    await apiJson(`/api/v1/agent/runs/${active}/cancel`, { method: "POST", token, expectStatus: 200 });
    expect((await waitTerminal(token, active)).status).toBe("cancelled");
    const checkpoints = await apiJson(`/api/v1/agent/runs/${active}/checkpoints`, { token, expectStatus: 200 });
    expect(checkpoints.checkpoints.length).toBeGreaterThan(0);
  });
});
