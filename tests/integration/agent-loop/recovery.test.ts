/**
 * Recovery, queueing and the watchdog of the run scheduler (docs/decisions/1800), with steps
 * driven by hand inside the Durable Object:
 * - a model call interrupted by a restart (its attempt was marked in flight, then the object's
 *   memory was lost) is journaled as `agent.step_interrupted` and sent again as the next attempt,
 *   without using the profile's retry budget;
 * - with every outbound slot taken, a run's model call waits visibly (`waitingOn.kind: "queue"`)
 *   and starts when a slot frees;
 * - the watchdog ends a run that can no longer progress with `agent.run_stalled`, and leaves runs
 *   alone while their step is within its own timeout.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OutboundGate } from "../../../durable-objects/outbound-gate";
import type { UserSpace } from "../../../durable-objects/user-space";
import type { LoopDeps } from "../../../src/application/agent/loop/deps";
import { cancelRun } from "../../../src/application/agent/cancel-run";
import { startRun } from "../../../src/application/agent/start-run";
import { runAgentStep } from "../../../src/application/agent/loop/step-runner";
import { checkStalledRuns, STALL_GRACE_MS } from "../../../src/application/agent/watchdog";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";
import { fixedProfileResolver, loopTestProfile } from "../../fakes/loop-profile";
import { type FakeStep, ScriptedModelGateway } from "../../fakes/scripted-model-gateway";
import { PROMPT, stubFor, userWithChat } from "./loop-helpers";

const never = () => new Promise<void>(() => undefined);
const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});
const HAPPY: FakeStep[] = [
  { calls: [write("w", "After the restart.")] },
  { calls: [{ id: "c", name: "workspace_commit" }] },
  { calls: [{ id: "f", name: "workspace_finish" }] },
];

/** Deps as a fresh object would build them: own in-flight map and outbound slots. */
function freshDeps(base: LoopDeps, gateway: ScriptedModelGateway, extra: Partial<LoopDeps> = {}): LoopDeps {
  const profile = loopTestProfile();
  profile.run.modelRetry = { maxRetries: 0, intervalMs: 0 };
  return {
    ...base,
    inflight: new Map(),
    outbound: new OutboundGate(),
    scheduler: NO_SCHEDULER,
    profiles: fixedProfileResolver(profile),
    gatewayFor: async () => gateway,
    ...extra,
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!check()) throw new Error("condition not reached");
}

describe("run scheduler: recovery, queue, watchdog", () => {
  it("an interrupted model call is journaled agent.step_interrupted and re-sent as the next attempt, outside the retry budget", async () => {
    const { user, chatId } = await userWithChat();
    const out = await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const base = agentLoopDeps(instance.space());
      // The object that "dies": its model never answers.
      const before = freshDeps(base, new ScriptedModelGateway([{ hold: never() }]));
      const { runId } = await startRun(before, { stableChatId: chatId, promptSnapshot: PROMPT });
      await runAgentStep(before, runId);
      void runAgentStep(before, runId);
      await until(() => base.runs.get(runId).waitingOn?.kind === "model");
      // The restarted object: nothing in memory, the state in SQLite says attempt 1 was in flight.
      const after = freshDeps(base, new ScriptedModelGateway(HAPPY));
      for (let i = 0; i < 20 && (await runAgentStep(after, runId)) === "ran"; i += 1);
      return {
        status: base.runs.get(runId).status,
        events: base.journal.read(runId, { afterSeq: 0, limit: 500 }),
      };
    });
    expect(out.status).toBe("completed");
    const round1 = out.events.filter((e) => e.payload?.round === 1);
    expect(
      round1
        .filter((e) => e.type.startsWith("model_call_"))
        .map((e) => [e.type, e.payload!.attempt ?? e.payload!.nextAttempt]),
    ).toEqual([
      ["model_call_attempt_started", 1],
      ["model_call_attempt_failed", 1],
      ["model_call_retry_scheduled", 2],
      ["model_call_attempt_started", 2],
    ]);
    expect(round1.find((e) => e.type === "model_call_attempt_failed")).toMatchObject({
      level: "warn",
      payload: { code: "agent.step_interrupted", retryable: true, willRetry: true, maxRetries: 0 },
    });
    expect(out.events.map((e) => e.seq)).toEqual(out.events.map((_, i) => i + 1));
  });

  it("with every outbound slot taken a model call waits as waitingOn queue, then runs when a slot frees", async () => {
    const { user, chatId } = await userWithChat();
    const out = await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const base = agentLoopDeps(instance.space());
      const gate = new OutboundGate(1);
      const holdA = freshDeps(base, new ScriptedModelGateway([{ hold: never() }]), { outbound: gate });
      const quickB = freshDeps(base, new ScriptedModelGateway(HAPPY), { outbound: gate });
      const a = await startRun(holdA, { stableChatId: chatId, promptSnapshot: PROMPT });
      const b = await startRun(quickB, { stableChatId: chatId, promptSnapshot: PROMPT });
      await runAgentStep(holdA, a.runId);
      await runAgentStep(quickB, b.runId);
      const stepA = runAgentStep(holdA, a.runId);
      await until(() => base.runs.get(a.runId).waitingOn?.kind === "model");
      const stepB = runAgentStep(quickB, b.runId);
      await until(() => base.runs.get(b.runId).waitingOn?.kind === "queue");
      const queued = base.runs.get(b.runId).waitingOn;
      const aWhileQueued = base.runs.get(a.runId).waitingOn;
      cancelRun(holdA, a.runId);
      await stepA;
      await stepB;
      for (let i = 0; i < 20 && (await runAgentStep(quickB, b.runId)) === "ran"; i += 1);
      return {
        queued,
        aWhileQueued,
        a: base.runs.get(a.runId),
        b: base.runs.get(b.runId),
        stats: gate.stats(),
      };
    });
    expect(out.queued).toMatchObject({ kind: "queue" });
    expect(out.queued!.detail).toContain("free connection");
    expect(out.aWhileQueued).toMatchObject({ kind: "model" });
    expect(out.a).toMatchObject({ status: "cancelled", waitingOn: null });
    expect(out.b).toMatchObject({ status: "completed", waitingOn: null });
    expect(out.stats).toEqual({ active: 0, queued: 0 });
  });

  it("the watchdog ends a run with no way to progress and a hanging step past its timeout + 1 min, not one within it", async () => {
    const { user, chatId } = await userWithChat();
    const out = await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const base = agentLoopDeps(instance.space());
      const deps = freshDeps(base, new ScriptedModelGateway([{ hold: never() }]), { modelCallMs: 60_000 });
      // A run whose next step was lost: no job, nothing in flight.
      const lost = await startRun(deps, { stableChatId: chatId, promptSnapshot: PROMPT });
      // A run whose model call hangs in flight.
      const hanging = await startRun(deps, { stableChatId: chatId, promptSnapshot: PROMPT });
      await runAgentStep(deps, hanging.runId);
      const step = runAgentStep(deps, hanging.runId);
      await until(() => base.runs.get(hanging.runId).waitingOn?.kind === "model");
      const now = Date.now();
      const early = checkStalledRuns(deps, now + 30_000);
      const lostLater = checkStalledRuns(deps, now + STALL_GRACE_MS + 5_000);
      const hangLater = checkStalledRuns(deps, now + 60_000 + STALL_GRACE_MS + 5_000);
      await step;
      const failed = (runId: string) =>
        base.journal.read(runId, { afterSeq: 0, limit: 500 }).find((e) => e.type === "run_failed");
      return {
        early,
        lostLater,
        hangLater,
        lost: { run: base.runs.get(lost.runId), failed: failed(lost.runId) },
        hanging: { run: base.runs.get(hanging.runId), failed: failed(hanging.runId), id: hanging.runId },
      };
    });
    expect(out.early).toEqual([]);
    expect(out.lostLater).toEqual([out.lost.run.runId]);
    expect(out.hangLater).toEqual([out.hanging.id]);
    expect(out.lost.run).toMatchObject({ status: "failed", waitingOn: null });
    expect(out.lost.failed!.payload).toMatchObject({ code: "agent.run_stalled" });
    expect(out.hanging.run).toMatchObject({ status: "failed", waitingOn: null });
    expect(out.hanging.failed!.payload).toMatchObject({ code: "agent.run_stalled" });
    expect(String(out.hanging.failed!.payload!.message)).toContain("waiting for the model to answer");
  });
});
