/**
 * A model request that never answers (ADR 1470): each attempt ends after the per-attempt timeout
 * (`modelCallMs`) as a retryable `model.request_failed` journaled with `timeoutMs`, is retried per
 * the profile's modelRetry, and the run fails after the last retry instead of hanging. (That a
 * second run is not held up by a hanging one: independent-runs.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { driveRun, eventOf, userWithChat } from "./loop-helpers";

const never = () => new Promise<void>(() => undefined);
const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});

describe("agent loop: model timeout", () => {
  it("a model that never answers fails the run with model.request_failed after the last retry", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      modelCallMs: 150,
      profile: (p) => {
        p.run.modelRetry = { maxRetries: 1, intervalMs: 1 };
      },
      steps: () => ({ hold: never(), text: "never" }),
    });
    expect(result.status).toBe("failed");
    expect(result.requests).toHaveLength(2);
    const failed = result.events.filter((e) => e.type === "model_call_attempt_failed").map((e) => e.payload);
    expect(failed).toMatchObject([
      { attempt: 1, code: "model.request_failed", retryable: true, willRetry: true, timeoutMs: 150 },
      { attempt: 2, code: "model.request_failed", retryable: true, willRetry: false, timeoutMs: 150 },
    ]);
    expect(eventOf(result.events, "model_call_retry_scheduled")!.payload).toMatchObject({ nextAttempt: 2 });
    expect(eventOf(result.events, "run_failed")!.payload).toMatchObject({ code: "model.request_failed" });
    expect(String(eventOf(result.events, "run_failed")!.payload!.message)).toContain("did not answer within 0.2 s");
  });

  it("a timed-out attempt is retried and the retry's answer continues the run", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      modelCallMs: 150,
      steps: [
        { hold: never() },
        { calls: [write("w", "After the hang.")] },
        { calls: [{ id: "c", name: "workspace_commit" }] },
        { calls: [{ id: "f", name: "workspace_finish" }] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(eventOf(result.events, "model_call_attempt_failed")!.payload).toMatchObject({
      attempt: 1,
      retryable: true,
      willRetry: true,
      timeoutMs: 150,
    });
    expect(result.chat.at(-1)!.text).toBe("After the hang.");
  });
});
