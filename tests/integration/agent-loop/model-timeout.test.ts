/**
 * A model request that never answers (ADR 1470): each attempt ends after the per-attempt timeout
 * (`modelCallMs`) as a retryable `model.request_failed` journaled with `timeoutMs`, is retried per
 * the profile's modelRetry, and the run fails after the last retry instead of hanging. Over real
 * alarms, a second run of the same user proceeds to completion while the first one's model hangs.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";
import { appendMany, createChat } from "../chats/chat-helpers";
import { loadScript, modelPeer } from "../models/helpers";
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

async function waitStatus(token: string, runId: string, done: (status: string) => boolean, ms = 15_000): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const run = await apiJson(`/api/v1/agent/runs/${runId}`, { token, expectStatus: 200 });
    if (done(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("agent loop: a hanging model does not block the user's other runs (real alarms)", () => {
  it("a second run queued behind a hanging model call completes; the hanging attempt times out and is retried", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const chat = await createChat(token, { title: "Hang" });
    await appendMany(token, chat.id, ["Hello", "Hi"]);
    const hang = await loadScript(
      [0, 1, 2, 3].map(() => ({ text: "late", delayMs: 60_000 })),
      { prefix: "agent-hang" },
    );
    const quick = await loadScript(
      [
        { toolCalls: [write("w", "Quick run.")] },
        { toolCalls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
        { toolCalls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
      ],
      { prefix: "agent-quick" },
    );
    const connection = (modelId: string, name: string) =>
      apiJson("/api/v1/connections", {
        token,
        body: { name, provider: "openai-compatible", baseUrl: `${modelPeer()}/v1`, apiKey: "sk-hang-0000001", modelId },
        expectStatus: 201,
      });
    const slow = await connection(hang, "Hanging");
    const fast = await connection(quick, "Quick");
    const prompt = { chatCompletionPayload: { messages: [{ role: "user", content: "Write." }] } };
    const first = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chat.id, promptSnapshot: prompt, connectionId: slow.id },
      expectStatus: 201,
    });
    await waitStatus(token, first.runId, (s) => s === "calling_model");
    const second = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chat.id, promptSnapshot: prompt, connectionId: fast.id },
      expectStatus: 201,
    });
    const done = await waitStatus(token, second.runId, (s) =>
      ["completed", "failed", "partial_success", "cancelled"].includes(s),
    );
    expect(done.status).toBe("completed");
    const events = (await apiJson(`/api/v1/agent/runs/${first.runId}/events?limit=200`, { token, expectStatus: 200 }))
      .events;
    expect(events.find((e: any) => e.type === "model_call_attempt_failed")?.payload).toMatchObject({
      attempt: 1,
      code: "model.request_failed",
      retryable: true,
      willRetry: true,
      timeoutMs: 3000,
    });
    await apiJson(`/api/v1/agent/runs/${first.runId}/cancel`, { token, method: "POST", expectStatus: 200 });
    await waitStatus(token, first.runId, (s) => s === "cancelled");
  });
});
