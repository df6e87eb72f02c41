import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { JOBS } from "../../../durable-objects/jobs";
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
});
