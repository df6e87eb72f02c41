import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { JOBS } from "../../../durable-objects/jobs";
import type { AlarmScheduler } from "../../../durable-objects/scheduler";
import { HEARTBEAT_JOB, STEP_LEASE_MS } from "../../../durable-objects/step-dispatcher";
import { STEP_KINDS } from "../../../durable-objects/steps";
import type { UserSpace } from "../../../durable-objects/user-space";
import { createUser } from "../helpers";

function stubFor(userId: string) {
  return env.USER_SPACE.get(env.USER_SPACE.idFromName(userId)) as DurableObjectStub<UserSpace>;
}

describe("scheduler", () => {
  it("runs a due job at the next alarm; a failing job is retried with backoff and does not block the next", async () => {
    const user = await createUser();
    const stub = stubFor(user.userId);
    const ran: string[] = [];
    JOBS["test.ok"] = (_space, ref) => {
      ran.push(`ok:${ref}`);
    };
    JOBS["test.fail"] = () => {
      throw new Error("boom");
    };
    try {
      await runInDurableObject(stub, (instance: UserSpace, state) => {
        const space = instance.space();
        space.scheduler.schedule("test.fail", "a", Date.now() + 60_000);
        space.scheduler.schedule("test.ok", "b", Date.now() + 60_001);
        space.scheduler.schedule("test.ok", "later", Date.now() + 60 * 60 * 1000);
        // Make the first two due without letting the alarm fire on its own before the test runs it.
        state.storage.sql.exec("UPDATE te_schedule SET due_at = due_at - 120000 WHERE ref IN ('a', 'b')");
      });
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(ran).toEqual(["ok:b"]);
      const pending = await runInDurableObject(stub, (_i, state) =>
        state.storage.sql
          .exec("SELECT kind, ref, attempts, due_at, last_error FROM te_schedule ORDER BY due_at")
          .toArray(),
      );
      const failed = pending.find((row) => row.kind === "test.fail")!;
      expect(failed.attempts).toBe(1);
      expect(Number(failed.due_at)).toBeGreaterThan(Date.now());
      expect(String(failed.last_error)).toContain("boom");
      expect(pending.some((row) => row.ref === "later")).toBe(true);
      const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
      expect(alarm).toBe(Number(failed.due_at));
    } finally {
      delete JOBS["test.ok"];
      delete JOBS["test.fail"];
    }
  });

  it("cancel removes a job and re-arms the alarm for the next one", async () => {
    const user = await createUser();
    const stub = stubFor(user.userId);
    const alarm = await runInDurableObject(stub, async (instance: UserSpace, state) => {
      const space = instance.space();
      const soon = Date.now() + 5_000;
      const later = Date.now() + 50_000;
      space.scheduler.schedule("x.one", "1", soon);
      space.scheduler.schedule("x.two", "2", later);
      space.scheduler.cancel("x.one", "1");
      return { got: await state.storage.getAlarm(), later };
    });
    expect(alarm.got).toBe(alarm.later);
  });
  it("an alarm that fires long before its job is due keeps the job and re-arms after the fired time", async () => {
    const user = await createUser();
    const stub = stubFor(user.userId);
    const ran: string[] = [];
    JOBS["test.early"] = (_space, ref) => {
      ran.push(ref);
    };
    try {
      const due = await runInDurableObject(stub, (instance: UserSpace) => {
        const at = Date.now() + 60_000;
        instance.space().scheduler.schedule("test.early", "e", at);
        return at;
      });
      // The alarm set for `due` fires a minute early: nothing is due yet.
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(ran).toEqual([]);
      const after = await runInDurableObject(stub, async (instance: UserSpace, state) => ({
        pending: (instance.space().scheduler as AlarmScheduler).pending().map((j) => j.ref),
        alarm: await state.storage.getAlarm(),
      }));
      expect(after.pending).toEqual(["e"]);
      // Not the fired alarm's own time (workerd drops an alarm re-set to the time it handles).
      expect(after.alarm).toBe(due + 1);
    } finally {
      delete JOBS["test.early"];
    }
  });
});

describe("scheduler: step kinds run detached under a lease", () => {
  it("the alarm returns while a step is in flight; the lease and heartbeat exist only while it runs", async () => {
    const user = await createUser();
    const stub = stubFor(user.userId);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: string[] = [];
    STEP_KINDS["test.step"] = async (_space, ref) => {
      ran.push(`start:${ref}`);
      await gate;
      ran.push(`end:${ref}`);
    };
    JOBS["test.quick"] = (_space, ref) => {
      ran.push(`quick:${ref}`);
    };
    try {
      await runInDurableObject(stub, (instance: UserSpace, state) => {
        const space = instance.space();
        space.scheduler.schedule("test.step", "slow", Date.now() + 60_000);
        space.scheduler.schedule("test.quick", "q", Date.now() + 60_001);
        // Make both due without letting the alarm fire on its own before the test runs it.
        state.storage.sql.exec("UPDATE te_schedule SET due_at = due_at - 120000 WHERE ref IN ('slow', 'q')");
      });
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      // The alarm returned with the slow step started and still running; the quick job ran too.
      expect([...ran].sort()).toEqual(["quick:q", "start:slow"]);
      const during = await runInDurableObject(stub, (_i, state) => ({
        leases: state.storage.sql.exec("SELECT kind, ref, lease_until, started_at FROM te_step_leases").toArray(),
        heartbeat: state.storage.sql.exec("SELECT due_at FROM te_schedule WHERE kind = ?", HEARTBEAT_JOB).toArray(),
      }));
      expect(during.leases).toHaveLength(1);
      expect(during.leases[0]).toMatchObject({ kind: "test.step", ref: "slow" });
      expect(Number(during.leases[0]!.lease_until) - Number(during.leases[0]!.started_at)).toBe(STEP_LEASE_MS);
      expect(during.heartbeat).toHaveLength(1);
      // A heartbeat renews the lease of the step running here.
      const renewed = await runInDurableObject(stub, (instance: UserSpace, state) => {
        const scheduler = instance.space().scheduler as AlarmScheduler;
        const before = Number(state.storage.sql.exec("SELECT lease_until FROM te_step_leases").one().lease_until);
        state.storage.sql.exec("UPDATE te_step_leases SET lease_until = lease_until - 15000");
        scheduler.steps.heartbeat();
        const after = Number(state.storage.sql.exec("SELECT lease_until FROM te_step_leases").one().lease_until);
        return { before, after, inFlight: scheduler.steps.inFlight() };
      });
      expect(renewed.after).toBeGreaterThanOrEqual(renewed.before - 1000);
      expect(renewed.inFlight).toEqual([{ kind: "test.step", ref: "slow" }]);
      release();
      const after = await runInDurableObject(stub, async (instance: UserSpace, state) => {
        await (instance.space().scheduler as AlarmScheduler).steps.settled();
        return {
          leases: state.storage.sql.exec("SELECT * FROM te_step_leases").toArray().length,
          heartbeat: state.storage.sql.exec("SELECT * FROM te_schedule WHERE kind = ?", HEARTBEAT_JOB).toArray().length,
        };
      });
      expect(ran.at(-1)).toBe("end:slow");
      expect(after).toEqual({ leases: 0, heartbeat: 0 });
    } finally {
      delete STEP_KINDS["test.step"];
      delete JOBS["test.quick"];
    }
  });

  it("a step that came due while its previous step ran starts when that step settles, unless moved later", async () => {
    const user = await createUser();
    const stub = stubFor(user.userId);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    const handler = async (_space: unknown, ref: string) => {
      runs.push(ref);
      await gate;
    };
    STEP_KINDS["test.step"] = handler;
    try {
      const deferredAt = await runInDurableObject(stub, (instance: UserSpace) => {
        const space = instance.space();
        const steps = (space.scheduler as AlarmScheduler).steps;
        steps.start(space, "test.step", "next", handler);
        steps.start(space, "test.step", "moved", handler);
        // What the alarm does when a step scheduled "now" by the running step comes due: busy, retry later.
        const at = Date.now();
        steps.start(space, "test.step", "next", handler);
        steps.start(space, "test.step", "moved", handler);
        // The running step itself moves "moved" later (e.g. a retry backoff): that wins.
        space.scheduler.schedule("test.step", "moved", at + 60_000);
        return at;
      });
      release();
      const due = await runInDurableObject(stub, async (instance: UserSpace) => {
        const scheduler = instance.space().scheduler as AlarmScheduler;
        await scheduler.steps.settled();
        const result = { next: scheduler.dueAt("test.step", "next"), moved: scheduler.dueAt("test.step", "moved") };
        scheduler.cancel("test.step", "moved");
        return result;
      });
      // "next" ran again as soon as its first run settled (no alarm, no wait); "moved" waits its time.
      expect(runs.filter((ref) => ref === "next")).toHaveLength(2);
      expect(due.next).toBeNull();
      expect(runs.filter((ref) => ref === "moved")).toHaveLength(1);
      expect(due.moved).toBe(deferredAt + 60_000);
    } finally {
      delete STEP_KINDS["test.step"];
    }
  });

  it("a step's next step scheduled now starts when it settles, without waiting for an alarm", async () => {
    const user = await createUser();
    const stub = stubFor(user.userId);
    const runs: number[] = [];
    const seen: Array<{ dueAt: number | null; rows: number }> = [];
    STEP_KINDS["test.chain"] = async (space, ref) => {
      runs.push(Date.now());
      await Promise.resolve();
      if (runs.length < 5) {
        space.scheduler.schedule("test.chain", ref, Date.now());
        // Due now, kept in memory under the step's lease: no schedule row, no alarm.
        const rows = space.sql.exec("SELECT count(*) AS n FROM te_schedule WHERE kind = 'test.chain'").one().n;
        seen.push({ dueAt: space.scheduler.dueAt("test.chain", ref), rows: Number(rows) });
      }
    };
    try {
      const after = await runInDurableObject(stub, async (instance: UserSpace, state) => {
        const space = instance.space();
        const scheduler = space.scheduler as AlarmScheduler;
        scheduler.steps.start(space, "test.chain", "c", STEP_KINDS["test.chain"]!);
        // settled() returns once nothing runs: the chain never left the dispatcher in between.
        await scheduler.steps.settled();
        return {
          pending: scheduler.pending().filter((job) => job.kind === "test.chain").length,
          leases: state.storage.sql.exec("SELECT * FROM te_step_leases").toArray().length,
          heartbeat: scheduler.dueAt(HEARTBEAT_JOB, ""),
        };
      });
      expect(runs).toHaveLength(5);
      expect(seen).toHaveLength(4);
      for (const { dueAt, rows } of seen) {
        expect(dueAt).not.toBeNull();
        expect(rows).toBe(0);
      }
      expect(after).toEqual({ pending: 0, leases: 0, heartbeat: null });
    } finally {
      delete STEP_KINDS["test.chain"];
    }
  });

  it("a lease left by an object that died is recovered at start (due now) and by the heartbeat once expired", async () => {
    const user = await createUser();
    const stub = stubFor(user.userId);
    const result = await runInDurableObject(stub, (instance: UserSpace, state) => {
      const scheduler = instance.space().scheduler as AlarmScheduler;
      const now = Date.now();
      const lease = state.storage.sql;
      lease.exec(
        "INSERT INTO te_step_leases(kind, ref, lease_until, started_at) VALUES('test.step', 'orphan', ?, ?)",
        now + STEP_LEASE_MS,
        now,
      );
      // What the constructor of a restarted object does: nothing runs yet, so every lease is orphaned.
      scheduler.start();
      const afterStart = {
        leases: lease.exec("SELECT * FROM te_step_leases").toArray().length,
        due: scheduler.dueAt("test.step", "orphan"),
      };
      scheduler.cancel("test.step", "orphan");
      // Later, the heartbeat recovers only expired leases.
      lease.exec(
        "INSERT INTO te_step_leases(kind, ref, lease_until, started_at) VALUES('test.step', 'live', ?, ?), ('test.step', 'expired', ?, ?)",
        now + STEP_LEASE_MS,
        now,
        now - 1,
        now - STEP_LEASE_MS,
      );
      scheduler.steps.heartbeat();
      const refs = lease
        .exec("SELECT ref FROM te_step_leases ORDER BY ref")
        .toArray()
        .map((r) => r.ref);
      const expiredDue = scheduler.dueAt("test.step", "expired");
      lease.exec("DELETE FROM te_step_leases");
      scheduler.cancel("test.step", "expired");
      return { afterStart, refs, expiredDue, now };
    });
    expect(result.afterStart.leases).toBe(0);
    expect(result.afterStart.due).toBeGreaterThanOrEqual(result.now);
    expect(result.afterStart.due).toBeLessThan(result.now + 5_000);
    expect(result.refs).toEqual(["live"]);
    expect(result.expiredDue).not.toBeNull();
  });
});
