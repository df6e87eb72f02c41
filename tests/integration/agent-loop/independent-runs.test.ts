/**
 * Runs of one user never wait on each other (issue [run-scheduler]; docs/decisions/1800), over
 * real alarms and the scripted model peer on loopback: while run A's model request hangs, run B
 * is created, its first model request reaches the peer within 1 s, and B completes while A still
 * waits on its model — with `waitingOn {kind: "model"}` on A's summary the whole time.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";
import { appendMany, createChat } from "../chats/chat-helpers";
import { loadScript, modelPeer, recorded } from "../models/helpers";

const TERMINAL = ["completed", "failed", "partial_success", "cancelled"];

async function waitRun(token: string, runId: string, done: (run: any) => boolean, ms = 15_000): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const run = await apiJson(`/api/v1/agent/runs/${runId}`, { token, expectStatus: 200 });
    if (done(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status} (${JSON.stringify(run.waitingOn)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});

describe("agent runs of one user make progress independently (real alarms)", () => {
  it("B's first model request arrives within 1 s of B's creation and B completes while A's model hangs", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const chat = await createChat(token, { title: "Two runs" });
    await appendMany(token, chat.id, ["Hello", "Hi"]);
    const hang = await loadScript(
      [0, 1, 2, 3].map(() => ({ text: "late", delayMs: 60_000 })),
      { prefix: "run-a-hangs" },
    );
    const quick = await loadScript(
      [
        { toolCalls: [write("w", "Run B did not wait.")] },
        { toolCalls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
        { toolCalls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
      ],
      { prefix: "run-b-quick" },
    );
    const connection = (modelId: string, name: string) =>
      apiJson("/api/v1/connections", {
        token,
        body: { name, provider: "openai-compatible", baseUrl: `${modelPeer()}/v1`, apiKey: "sk-two-runs-001", modelId },
        expectStatus: 201,
      });
    const slow = await connection(hang, "Hanging");
    const fast = await connection(quick, "Quick");
    const prompt = { chatCompletionPayload: { messages: [{ role: "user", content: "Write." }] } };
    const a = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chat.id, promptSnapshot: prompt, connectionId: slow.id },
      expectStatus: 201,
    });
    const waitingA = await waitRun(token, a.runId, (run) => run.waitingOn?.kind === "model");
    expect(waitingA).toMatchObject({ status: "calling_model", waitingOn: { kind: "model", detail: hang } });
    expect(Date.parse(waitingA.waitingOn.since)).not.toBeNaN();

    // A second run on the same chat is allowed and runs at once.
    const b = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chat.id, promptSnapshot: prompt, connectionId: fast.id },
      expectStatus: 201,
    });
    const doneB = await waitRun(token, b.runId, (run) => TERMINAL.includes(run.status));
    expect(doneB).toMatchObject({ status: "completed", waitingOn: null, commitCount: 1 });
    const stillA = await apiJson(`/api/v1/agent/runs/${a.runId}`, { token, expectStatus: 200 });
    expect(stillA.status).toBe("calling_model");

    const eventsB = (await apiJson(`/api/v1/agent/runs/${b.runId}/events?limit=500`, { token, expectStatus: 200 }))
      .events;
    const createdB = Date.parse(eventsB.find((e: any) => e.type === "run_created").timestamp);
    const firstRequestB = (await recorded(quick))[0] as unknown as { receivedAt: number };
    expect(firstRequestB.receivedAt - createdB).toBeLessThan(1000);
    const completedB = Date.parse(eventsB.find((e: any) => e.type === "run_completed").timestamp);
    const eventsA = (await apiJson(`/api/v1/agent/runs/${a.runId}/events?limit=500`, { token, expectStatus: 200 }))
      .events;
    // A never got an answer and had not ended when B completed.
    expect(eventsA.some((e: any) => e.type === "model_completed")).toBe(false);
    expect(
      eventsA.some(
        (e: any) => ["run_failed", "run_cancelled"].includes(e.type) && Date.parse(e.timestamp) <= completedB,
      ),
    ).toBe(false);
    const messages = await apiJson(`/api/v1/chats/${chat.id}/messages?offset=0&limit=10`, { token, expectStatus: 200 });
    expect(messages.messages.at(-1)).toMatchObject({ role: "assistant", text: "Run B did not wait." });

    await apiJson(`/api/v1/agent/runs/${a.runId}/cancel`, { token, method: "POST", expectStatus: 200 });
    const cancelled = await waitRun(token, a.runId, (run) => TERMINAL.includes(run.status));
    expect(cancelled).toMatchObject({ status: "cancelled", waitingOn: null });
  });
});
