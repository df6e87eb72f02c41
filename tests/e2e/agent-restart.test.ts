/**
 * A restart of `wrangler dev` in the middle of a run loses nothing (issue [agent-loop]): the run
 * waits out a scripted 429 (its next step is a scheduled alarm in SQLite), the server restarts on
 * the same state, and the run resumes from its persisted step machine to `completed` with one
 * gap-free journal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { createDevUser, startWranglerDev, type WranglerDev } from "./wrangler";

let dev: WranglerDev;
let model: PeerHandle;
let token: string;

beforeAll(async () => {
  model = await startModelPeer();
  dev = await startWranglerDev();
  token = (await createDevUser(dev.url, "Restart laptop")).deviceToken;
});

afterAll(async () => {
  await dev?.stop();
  await model?.close();
});

async function call(path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${dev.url}/api/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} → ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
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
    await fetch(`${model.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: scriptId, steps }),
    });
    const connection = await call("/connections", {
      name: "Scripted",
      provider: "openai-compatible",
      baseUrl: `${model.url}/v1`,
      apiKey: "sk-restart-0001",
      modelId: scriptId,
    });
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
    await dev.restart();
    let run: any;
    for (let deadline = Date.now() + 45_000; ; ) {
      run = await call(`/agent/runs/${runId}`);
      if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) break;
      if (Date.now() > deadline)
        throw new Error(`run still ${run.status} after the restart:\n${dev.output().slice(-2000)}`);
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
