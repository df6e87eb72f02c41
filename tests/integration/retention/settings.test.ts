/**
 * Retention settings (docs/spec/retention-usage.md "Settings"): defaults, ranges, the
 * keepFullRecentRuns ≤ keepRecentTerminalRuns rule (400 agent.retention_invalid), live sync to
 * every device, and the daily prune on the scheduler while autoPruneEnabled.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket } from "../helpers";
import { inSpace } from "../workspace/ws-helpers";

async function finishedDevRun(token: string, chat: string): Promise<string> {
  const handle = await apiJson("/api/v1/agent/dev/runs", { token, body: { stableChatId: chat }, expectStatus: 201 });
  await apiJson(`/api/v1/agent/dev/runs/${handle.runId}/status`, {
    token,
    body: { status: "failed" },
    expectStatus: 200,
  });
  return handle.runId;
}

describe("retention settings", () => {
  it("starts at the contract's defaults", async () => {
    const { deviceToken: token } = await createUser();
    const settings = await apiJson("/api/v1/agent/retention", { token, expectStatus: 200 });
    expect(settings).toMatchObject({
      keepRecentTerminalRuns: 100,
      keepFullRecentRuns: 20,
      autoPruneEnabled: false,
      revision: 0,
      lastPrune: null,
      nextAutoPruneAt: null,
    });
  });

  it("refuses values out of range, of the wrong type, unknown fields and full > recent, changing nothing", async () => {
    const { deviceToken: token } = await createUser();
    const bad: Array<[unknown, string]> = [
      [{ keepRecentTerminalRuns: 10_001 }, "keepRecentTerminalRuns"],
      [{ keepRecentTerminalRuns: -1 }, "keepRecentTerminalRuns"],
      [{ keepFullRecentRuns: 2.5 }, "keepFullRecentRuns"],
      [{ keepRecentTerminalRuns: "50" }, "keepRecentTerminalRuns"],
      [{ autoPruneEnabled: "yes" }, "autoPruneEnabled"],
      [{ keepForever: true }, ""],
      [{ keepRecentTerminalRuns: 10, keepFullRecentRuns: 11 }, "keepFullRecentRuns"],
      [{ keepRecentTerminalRuns: 5 }, "keepFullRecentRuns"], // 20 whole > 5 kept
    ];
    for (const [body, path] of bad) {
      const response = await api("/api/v1/agent/retention", { method: "PATCH", token, body });
      const json: any = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(json.error.code).toBe("agent.retention_invalid");
      expect(json.error.details.issues[0].path).toBe(path);
      expect(json.error.message.length).toBeGreaterThan(20);
    }
    const settings = await apiJson("/api/v1/agent/retention", { token, expectStatus: 200 });
    expect(settings).toMatchObject({ keepRecentTerminalRuns: 100, keepFullRecentRuns: 20, revision: 0 });
  });

  it("accepts the edges (0 and 10,000), keeps unspecified fields, and every device sees the change", async () => {
    const { deviceToken: token } = await createUser();
    const other = await openSocket(token);
    const zero = await apiJson("/api/v1/agent/retention", {
      method: "PATCH",
      token,
      body: { keepRecentTerminalRuns: 0, keepFullRecentRuns: 0 },
      expectStatus: 200,
    });
    expect(zero).toMatchObject({
      keepRecentTerminalRuns: 0,
      keepFullRecentRuns: 0,
      autoPruneEnabled: false,
      revision: 1,
    });
    const max = await apiJson("/api/v1/agent/retention", {
      method: "PATCH",
      token,
      body: { keepRecentTerminalRuns: 10_000 },
      expectStatus: 200,
    });
    expect(max).toMatchObject({ keepRecentTerminalRuns: 10_000, keepFullRecentRuns: 0, revision: 2 });
    const frame = await other.waitFor((f) => f.type === "agent.retention_changed" && f.settings.revision === 2);
    expect(frame.settings.keepRecentTerminalRuns).toBe(10_000);
    other.ws.close();
  });

  it("prunes daily on the scheduler while autoPruneEnabled, and stops when it is turned off", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const runs = [];
    for (let i = 0; i < 3; i += 1) runs.push(await finishedDevRun(token, "chat-daily"));
    const before = Date.now();
    const on = await apiJson("/api/v1/agent/retention", {
      method: "PATCH",
      token,
      body: { keepRecentTerminalRuns: 1, keepFullRecentRuns: 1, autoPruneEnabled: true },
      expectStatus: 200,
    });
    const due = Date.parse(on.nextAutoPruneAt);
    expect(due).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(due).toBeLessThan(Date.now() + 24 * 3600_000 + 1000);
    // Nothing was pruned yet: the first automatic prune is a day away.
    expect((await apiJson("/api/v1/agent/runs", { token, expectStatus: 200 })).runs).toHaveLength(3);

    // A day passes: make the job due and let the object's alarm run it.
    await inSpace(user.userId, (space) => {
      space.sql.exec(
        "UPDATE te_schedule SET due_at = ? WHERE kind = 'retention.prune' AND ref = 'daily'",
        Date.now() - 1,
      );
      space.storage.setAlarm(Date.now());
    });
    const deadline = Date.now() + 10_000;
    while ((await apiJson("/api/v1/agent/retention", { token, expectStatus: 200 })).lastPrune === null) {
      if (Date.now() > deadline) throw new Error("the daily prune did not run");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const left = (await apiJson("/api/v1/agent/runs", { token, expectStatus: 200 })).runs.map((r: any) => r.runId);
    expect(left).toEqual([runs[2]]);
    const after = await apiJson("/api/v1/agent/retention", { token, expectStatus: 200 });
    expect(after.lastPrune).toMatchObject({ trigger: "daily", deleted: 2, slimmed: 0, remaining: 0 });
    expect(Date.parse(after.nextAutoPruneAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const off = await apiJson("/api/v1/agent/retention", {
      method: "PATCH",
      token,
      body: { autoPruneEnabled: false },
      expectStatus: 200,
    });
    expect(off.nextAutoPruneAt).toBeNull();
    const pending = await inSpace(
      user.userId,
      (space) => space.sql.exec("SELECT count(*) AS n FROM te_schedule WHERE kind = 'retention.prune'").one().n,
    );
    expect(Number(pending)).toBe(0);
  });
});
