/**
 * submitGuidance's fail-fast codes (docs/spec/agent-runtime.md §5; hosted reading in docs/decisions/1451):
 * empty, too large, full mailbox, a run that is finishing/cancelling/terminal, a run whose loop
 * already ended its last model request (mailbox closed; queued guidance discarded by the finish
 * step), a run no loop drives (active run missing), and a body of the wrong shape (invalid).
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { cancelRun } from "../../../src/application/agent/cancel-run";
import { submitGuidance } from "../../../src/application/agent/guidance";
import { startRun } from "../../../src/application/agent/start-run";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import { ScriptedModelGateway } from "../../fakes/scripted-model-gateway";
import { apiJson } from "../helpers";
import { driveRun, eventOf, PROMPT, stubFor, userWithChat } from "./loop-helpers";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";

const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});
const HAPPY = [
  { calls: [write("w", "New text.")] },
  { calls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
  { calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
];

/** The error code `fn` throws (fails when it does not throw). */
function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error("expected an error");
}

describe("agent loop: guidance codes", () => {
  it("after workspace.finish the mailbox is closed: queued guidance is discarded, later guidance refused", async () => {
    const { user, chatId } = await userWithChat();
    const seen: Record<number, string> = {};
    // Steps: 0 initialize, 1 model, 2 write, 3 model, 4 commit, 5 model, 6 finish call, 7 finish step.
    const result = await driveRun(user.userId, chatId, {
      steps: HAPPY,
      between: (deps, runId, step) => {
        if (step === 6)
          seen[6] = submitGuidance(deps, { runId, text: "Add an epilogue.", clientGuidanceId: "late" }).status;
        if (step === 7) seen[7] = codeOf(() => submitGuidance(deps, { runId, text: "One more thing." }));
        if (step === 8) seen[8] = codeOf(() => submitGuidance(deps, { runId, text: "And another." }));
      },
    });
    expect(result.status).toBe("completed");
    expect(seen).toEqual({ 6: "queued", 7: "agent.guidance_mailbox_closed", 8: "agent.guidance_run_not_accepting" });
    expect(eventOf(result.events, "user_guidance_discarded")!.payload).toMatchObject({
      reason: "run_finished_before_next_model_request",
      clientGuidanceIds: ["late"],
      count: 1,
    });
    expect(result.events.findIndex((e) => e.type === "user_guidance_discarded")).toBeLessThan(
      result.events.findIndex((e) => e.type === "status_changed" && e.payload!.status === "finishing"),
    );
    expect(eventOf(result.events, "user_guidance_applied")).toBeUndefined();
  });

  it("empty, too large, full, cancelling and terminal runs, and a run no loop drives", async () => {
    const { user, chatId } = await userWithChat();
    const codes = await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const base = agentLoopDeps(instance.space());
      const deps = {
        ...base,
        inflight: new Map(),
        scheduler: NO_SCHEDULER,
        gatewayFor: async () => new ScriptedModelGateway([]),
      };
      const { runId } = await startRun(deps, { stableChatId: chatId, promptSnapshot: PROMPT });
      const out: Record<string, string> = {};
      out.empty = codeOf(() => submitGuidance(deps, { runId, text: " \n " }));
      out.tooLarge = codeOf(() => submitGuidance(deps, { runId, text: "x".repeat(16_001) }));
      out.invalid = codeOf(() => submitGuidance(deps, { runId, text: 42 as unknown as string }));
      for (let i = 0; i < 8; i += 1) submitGuidance(deps, { runId, text: `note ${i}` });
      out.full = codeOf(() => submitGuidance(deps, { runId, text: "ninth" }));
      // A run record without a loop state (created outside the loop): nothing would apply guidance.
      const bare = await deps.runs.create({ stableChatId: chatId });
      out.missing = codeOf(() => submitGuidance(deps, { runId: bare.runId, text: "hello?" }));
      deps.inflight.set(runId, new AbortController());
      cancelRun(deps, runId);
      out.cancelling = codeOf(() => submitGuidance(deps, { runId, text: "stop" }));
      deps.inflight.delete(runId);
      out.unknown = codeOf(() => submitGuidance(deps, { runId: `run_${"0".repeat(32)}`, text: "hello?" }));
      return out;
    });
    expect(codes).toEqual({
      empty: "agent.guidance_empty",
      tooLarge: "agent.guidance_too_large",
      invalid: "agent.guidance_invalid",
      full: "agent.guidance_mailbox_full",
      missing: "agent.guidance_active_run_missing",
      cancelling: "agent.guidance_run_not_accepting",
      unknown: "agent.run_not_found",
    });
  });

  it("over HTTP: a body of the wrong shape is agent.guidance_invalid; a run no loop drives is 409 agent.guidance_active_run_missing", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const bare = await apiJson("/api/v1/agent/dev/runs", { token, body: { stableChatId: chatId }, expectStatus: 201 });
    const post = (body: unknown, status: number) =>
      apiJson(`/api/v1/agent/runs/${bare.runId}/guidance`, { token, body, expectStatus: status });
    expect((await post({ text: 7 }, 400)).error.code).toBe("agent.guidance_invalid");
    expect((await post({ text: "ok", clientGuidanceId: "" }, 400)).error.code).toBe("agent.guidance_invalid");
    expect((await post({ text: "ok", extra: true }, 400)).error.code).toBe("agent.guidance_invalid");
    const missing = (await post({ text: "Are you there?" }, 409)).error;
    expect(missing).toMatchObject({ code: "agent.guidance_active_run_missing" });
    expect(missing.message).toMatch(/not being driven/);
    const events = (await apiJson(`/api/v1/agent/runs/${bare.runId}/events?limit=100`, { token, expectStatus: 200 }))
      .events;
    expect(events.map((e: any) => e.type)).not.toContain("user_guidance_submitted");
  });

  it("over HTTP the refusals come in the documented order, also for a malformed run id", async () => {
    const { user } = await userWithChat();
    const token = user.deviceToken;
    const codes: Record<string, string> = {};
    for (const [name, runId] of [
      ["malformed", "run_x"],
      ["unknown", `run_${"0".repeat(32)}`],
    ] as const) {
      const post = async (body: unknown, status: number) =>
        (await apiJson(`/api/v1/agent/runs/${runId}/guidance`, { token, body, expectStatus: status })).error.code;
      codes[`${name} shape`] = await post({ text: 7 }, 400);
      codes[`${name} blank`] = await post({ text: "  " }, 400);
      codes[`${name} large`] = await post({ text: "x".repeat(16_001) }, 413);
      codes[`${name} run`] = await post({ text: "Hello?" }, 404);
    }
    for (const name of ["malformed", "unknown"]) {
      expect(codes[`${name} shape`]).toBe("agent.guidance_invalid");
      expect(codes[`${name} blank`]).toBe("agent.guidance_empty");
      expect(codes[`${name} large`]).toBe("agent.guidance_too_large");
      expect(codes[`${name} run`]).toBe("agent.run_not_found");
    }
  });
});
