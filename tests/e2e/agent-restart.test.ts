/**
 * A restart of `wrangler dev` in the middle of a run loses nothing (issue [agent-loop]): the run
 * waits out a scripted 429 (its next step is a scheduled alarm in SQLite), the server restarts on
 * the same state, and the run resumes from its persisted step machine to `completed` with one
 * gap-free journal.
 */
import { describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import { scriptedConnection, wranglerSession } from "./session";

const session = wranglerSession("Restart laptop", { model: startModelPeer });

/** The API answer's body; throws on a non-2xx status. */
async function call(path: string, body?: unknown): Promise<any> {
  const answer = await session.call(path, body);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

describe("agent run across a restart", () => {
  it("resumes after wrangler dev restarts during a model retry wait", async () => {
    const chat = await call("/chats", { title: "Restart" });
    await call(`/chats/${chat.id}/messages`, { role: "user", text: "Write something." });
    const scriptId = `agent-restart-${Date.now()}`;
    const steps = [
      {
        toolCalls: [
          {
            id: "w",
            name: "workspace_write_file",
            arguments: JSON.stringify({ path: "output/main.md", content: "Survived a restart." }),
          },
        ],
      },
      { error: { status: 429, message: "slow down" } },
      { toolCalls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
      { toolCalls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
    ];
    const connected = await scriptedConnection(session, "model", { id: scriptId, steps }, "sk-restart-0001");
    expect(connected.status).toBe(201);
    const connection = connected.body;
    const { runId } = await call("/agent/runs", {
      stableChatId: chat.id,
      connectionId: connection.id,
      promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Write something." }] } },
    });
    for (let deadline = Date.now() + 20_000; ; ) {
      const { events } = await call(`/agent/runs/${runId}/events?limit=500`);
      if (events.some((e: any) => e.type === "model_call_retry_scheduled")) break;
      if (Date.now() > deadline) throw new Error("no retry scheduled");
      await new Promise((r) => setTimeout(r, 50));
    }
    await session.dev.restart();
    let run: any;
    for (let deadline = Date.now() + 45_000; ; ) {
      run = await call(`/agent/runs/${runId}`);
      if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) break;
      if (Date.now() > deadline)
        throw new Error(`run still ${run.status} after the restart:\n${session.dev.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.status).toBe("completed");
    const { events } = await call(`/agent/runs/${runId}/events?limit=500`);
    expect(events.map((e: any) => e.seq)).toEqual(events.map((_: unknown, i: number) => i + 1));
    expect(
      events
        .filter((e: any) => e.type === "model_call_attempt_started" && e.payload.round === 2)
        .map((e: any) => e.payload.attempt),
    ).toEqual([1, 2]);
    const messages = await call(`/chats/${chat.id}/messages?offset=0&limit=10`);
    expect(messages.messages.at(-1)).toMatchObject({ role: "assistant", text: "Survived a restart." });
  });
});
