/**
 * Tool-loop rules inside a run (docs/spec/tool-system.md §1, §2, docs/spec/agent-runtime.md §4): finish before commit is
 * recoverable, an unknown alias fails the run, invalid arguments are recoverable, the 81st round
 * is refused, model retries only for retryable codes with each attempt journaled.
 */
import { describe, expect, it } from "vitest";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";
import { driveRun, eventOf, typesOf, userWithChat } from "./loop-helpers";

const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});
const commit = (id: string) => ({ id, name: "workspace_commit", arguments: "{}" });
const finish = (id: string) => ({ id, name: "workspace_finish", arguments: "{}" });

describe("agent loop: tool rules", () => {
  it("finish before any commit is a recoverable agent.foreground_commit_required; the run then completes", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [
        { calls: [finish("f1")] },
        { calls: [write("w1", "A tale.")] },
        { calls: [commit("c1")] },
        { calls: [finish("f2")] },
      ],
    });
    expect(result.status).toBe("completed");
    const failed = result.events.find((e) => e.type === "tool_call_failed")!;
    expect(failed.payload).toMatchObject({
      callId: "f1",
      errorCode: "agent.foreground_commit_required",
      isError: true,
    });
    expect(failed.level).toBe("warn");
    const answer = result.requests[1]!.messages.find((m) => m.role === "tool")!.parts[0] as any;
    expect(JSON.parse(answer.result.content)).toMatchObject({
      ok: false,
      errorCode: "agent.foreground_commit_required",
    });
    expect(result.pairing).toEqual([]);
  });

  it("a blank message body is refused (workspace.required_artifact_empty) and nothing is committed", async () => {
    const { user, chatId, messages } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [
        { calls: [write("w1", "   \n")] },
        { calls: [commit("c1")] },
        { calls: [write("w2", "Real text.")] },
        { calls: [commit("c2")] },
        { calls: [finish("f")] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(result.events.find((e) => e.type === "tool_call_failed")!.payload).toMatchObject({
      callId: "c1",
      errorCode: "workspace.required_artifact_empty",
    });
    expect(result.chat).toHaveLength(messages.length + 1);
    expect(result.chat.at(-1)!.text).toBe("Real text.");
  });

  it("an unknown alias fails the run with model.unknown_tool_call", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [{ calls: [{ id: "x1", name: "delete_everything", arguments: "{}" }] }],
    });
    expect(result.status).toBe("failed");
    const failed = eventOf(result.events, "tool_call_failed")!;
    expect(failed.level).toBe("error");
    expect(failed.payload).toMatchObject({
      callId: "x1",
      name: "delete_everything",
      errorCode: "model.unknown_tool_call",
    });
    expect(eventOf(result.events, "run_failed")!.payload).toMatchObject({
      code: "model.unknown_tool_call",
      retryable: false,
    });
    expect(typesOf(result.events).slice(-2)).toEqual(["status_changed", "run_failed"]);
  });

  it("invalid arguments are a recoverable tool.invalid_arguments quoting the text", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [
        {
          calls: [
            { id: "bad", name: "workspace_write_file", arguments: '{"path": "output/main.md", "content": "trunc' },
          ],
        },
        { calls: [write("w", "Fine.")] },
        { calls: [commit("c")] },
        { calls: [finish("f")] },
      ],
    });
    expect(result.status).toBe("completed");
    const failed = result.events.find((e) => e.type === "tool_call_failed")!;
    expect(failed.payload).toMatchObject({ callId: "bad", errorCode: "tool.invalid_arguments" });
    expect(String(failed.payload!.message)).toContain('{"path": "output/main.md", "content": "trunc');
    // Replay sends {} for the invalid call's arguments; the pairing stays valid.
    expect(result.pairing).toEqual([]);
    expect(result.files["output/main.md"]).toBe("Fine.");
  });

  it("wrongly typed builtin arguments are recoverable too (chat_read_messages index past the frozen input)", async () => {
    const { user, chatId, messages } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [
        {
          calls: [
            {
              id: "r1",
              name: "chat_read_messages",
              arguments: JSON.stringify({ messages: [{ index: messages.length }] }),
            },
            { id: "r2", name: "chat_search", arguments: JSON.stringify({ query: 7 }) },
          ],
        },
        { calls: [write("w", "x")] },
        { calls: [commit("c")] },
        { calls: [finish("f")] },
      ],
    });
    expect(result.status).toBe("completed");
    const failures = result.events.filter((e) => e.type === "tool_call_failed").map((e) => e.payload!.errorCode);
    expect(failures).toEqual(["chat.message_not_found", "tool.invalid_arguments"]);
  });

  it("the 81st round is refused: agent.max_tool_rounds_exceeded after 80 model calls", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: (i) => ({ calls: [{ id: `l${i}`, name: "workspace_list_files", arguments: "{}" }] }),
    });
    expect(result.status).toBe("failed");
    expect(result.requests).toHaveLength(80);
    expect(result.events.filter((e) => e.type === "model_request_created").at(-1)!.payload).toMatchObject({
      round: 80,
    });
    expect(eventOf(result.events, "run_failed")!.payload).toMatchObject({
      code: "agent.max_tool_rounds_exceeded",
      retryable: false,
      userRetryable: true,
    });
  });

  it("retries only retryable model errors, journaling every attempt; a non-retryable one fails at once", async () => {
    const { user, chatId } = await userWithChat();
    const retried = await driveRun(user.userId, chatId, {
      profile: (p) => {
        p.run.modelRetry = { maxRetries: 2, intervalMs: 10 };
      },
      steps: [
        { error: "model.provider_rate_limited" },
        { error: "model.request_failed" },
        { calls: [write("w", "x")] },
        { calls: [commit("c")] },
        { calls: [finish("f")] },
      ],
    });
    expect(retried.status).toBe("completed");
    const attempts = retried.events
      .filter((e) => e.type === "model_call_attempt_started" && e.payload!.round === 1)
      .map((e) => e.payload!.attempt);
    expect(attempts).toEqual([1, 2, 3]);
    expect(
      retried.events.filter((e) => e.type === "model_call_retry_scheduled").map((e) => e.payload!.nextAttempt),
    ).toEqual([2, 3]);
    expect(retried.events.filter((e) => e.type === "model_request_created" && e.payload!.round === 1)).toHaveLength(1);

    const refused = await driveRun(user.userId, chatId, { steps: [{ error: "model.provider_denied" }] });
    expect(refused.status).toBe("failed");
    expect(refused.requests).toHaveLength(1);
    expect(eventOf(refused.events, "model_call_attempt_failed")!.payload).toMatchObject({
      retryable: false,
      willRetry: false,
    });
    expect(eventOf(refused.events, "run_failed")!.payload).toMatchObject({
      code: "model.provider_denied",
      retryable: false,
    });

    const exhausted = await driveRun(user.userId, chatId, {
      profile: (p) => {
        p.run.modelRetry = { maxRetries: 1, intervalMs: 5 };
      },
      steps: [{ error: "model.stream_failed" }, { error: "model.stream_failed" }],
    });
    expect(exhausted.status).toBe("failed");
    expect(exhausted.requests).toHaveLength(2);
    expect(eventOf(exhausted.events, "run_failed")!.payload).toMatchObject({
      code: "model.stream_failed",
      retryable: true,
      userRetryable: true,
    });
  });
  it("waits for the provider's Retry-After when it is longer than the profile's interval, and journals both", async () => {
    const { user, chatId } = await userWithChat();
    // The loop's next step is scheduled at a due time; steps are driven by hand here, so record
    // how far ahead of the clock each one was asked for.
    const waits: number[] = [];
    const result = await driveRun(user.userId, chatId, {
      profile: (p) => {
        p.run.modelRetry = { maxRetries: 2, intervalMs: 10 };
      },
      deps: (d) => ({
        scheduler: { ...NO_SCHEDULER, schedule: (_kind, _ref, dueAt) => waits.push(dueAt - d.clock.now()) },
      }),
      steps: [
        { error: "model.provider_rate_limited", retryAfterMs: 400, providerMessage: "Slow down, please." },
        { error: "model.provider_rate_limited", retryAfterMs: 3 },
        { calls: [write("w", "x")] },
        { calls: [commit("c")] },
        { calls: [finish("f")] },
      ],
    });
    expect(result.status).toBe("completed");
    const scheduled = result.events.filter((e) => e.type === "model_call_retry_scheduled").map((e) => e.payload);
    expect(scheduled).toMatchObject([
      { nextAttempt: 2, intervalMs: 400, retryAfterMs: 400 },
      { nextAttempt: 3, intervalMs: 10, retryAfterMs: 3 },
    ]);
    // The provider's own words are journaled with the failed attempt (the run page quotes them).
    const attempts = result.events.filter((e) => e.type === "model_call_attempt_failed").map((e) => e.payload);
    expect(attempts[0]).toMatchObject({ details: { providerMessage: "Slow down, please." } });
    expect(attempts[1]!.details).toBeUndefined();
    // The retries were scheduled that far ahead (the clock is read just after, so at most as far).
    const ahead = waits.filter((w) => w > 0);
    expect(ahead).toHaveLength(2);
    expect(ahead[0]).toBeGreaterThan(300);
    expect(ahead[0]).toBeLessThanOrEqual(400);
    expect(ahead[1]).toBeLessThanOrEqual(10);
  });
});
