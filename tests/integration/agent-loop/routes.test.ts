/**
 * The agent loop's HTTP surface in the pool, with real alarms and the scripted model peer:
 * validation codes of POST /agent/runs, a run driven by the scheduler to `completed`,
 * GET model-turns/:round, guidance and cancel routes.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser, openSocket } from "../helpers";
import { appendMany, createChat } from "../chats/chat-helpers";
import { loadScript, modelPeer } from "../models/helpers";
import { waitTerminal } from "./loop-helpers";

const prompt = (payload: Record<string, unknown> = {}) => ({
  chatCompletionPayload: { messages: [{ role: "user", content: "Write." }], ...payload },
});

async function setup(steps: any[]) {
  const user = await createUser();
  const chat = await createChat(user.deviceToken, { title: "Routes" });
  await appendMany(user.deviceToken, chat.id, ["Hello", "Hi"]);
  const scriptId = await loadScript(steps, { prefix: "agent-routes" });
  const connection = await apiJson("/api/v1/connections", {
    token: user.deviceToken,
    body: {
      name: "Scripted",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      apiKey: "sk-routes-000001",
      modelId: scriptId,
      isDefault: true,
    },
    expectStatus: 201,
  });
  return { token: user.deviceToken, chatId: chat.id, connectionId: connection.id, scriptId };
}

describe("agent loop routes", () => {
  it("refuses external tools, tool choice, tool turns, stream, unknown profile and chat with the contract codes", async () => {
    const { token, chatId } = await setup([]);
    const post = (body: Record<string, unknown>, status: number) =>
      apiJson("/api/v1/agent/runs", {
        token,
        body: { stableChatId: chatId, promptSnapshot: prompt(), ...body },
        expectStatus: status,
      });
    expect(
      (await post({ promptSnapshot: prompt({ tools: [{ type: "function", function: { name: "x" } }] }) }, 400)).error
        .code,
    ).toBe("agent.external_tools_unsupported");
    expect((await post({ promptSnapshot: prompt({ tool_choice: "auto" }) }, 400)).error.code).toBe(
      "agent.external_tool_choice_unsupported",
    );
    const turns = {
      chatCompletionPayload: {
        messages: [
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c", type: "function", function: { name: "x", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "c", content: "r" },
        ],
      },
    };
    expect((await post({ promptSnapshot: turns }, 400)).error.code).toBe("agent.external_tool_turns_unsupported");
    expect((await post({ promptSnapshot: prompt({ stream: true }) }, 400)).error.code).toBe("agent.stream_unsupported");
    const streamRefusal = (await post({ options: { stream: true } }, 400)).error;
    expect(streamRefusal.code).toBe("agent.stream_unsupported");
    // Runs do stream (agent.model_delta): the sentence says so and says what to change.
    expect(streamRefusal.message).toMatch(/stream their model text live/);
    expect(streamRefusal.message).not.toMatch(/do not stream/);
    expect(streamRefusal.message).toContain("options.stream");
    expect((await post({ promptSnapshot: prompt({ messages: [] }) }, 400)).error.code).toBe(
      "agent.prompt_snapshot_invalid",
    );
    expect((await post({ profileId: "no-such-profile" }, 404)).error.code).toBe("agent.profile_not_found");
    expect((await post({ stableChatId: "chat_missing" }, 404)).error.code).toBe("chat.not_found");
    expect((await post({ stableChatId: "   " }, 400)).error.code).toBe("agent.stable_chat_id_required");
    expect((await post({ generationType: "quiet" }, 400)).error.code).toBe("input.invalid");
    const runs = await apiJson(`/api/v1/agent/runs?stableChatId=${chatId}`, { token, expectStatus: 200 });
    expect(runs.runs).toEqual([]);
  });

  it("a run started over HTTP is driven by the scheduler to completed; model turns read back", async () => {
    const { token, chatId } = await setup([
      {
        text: "Let me write.",
        reasoning: "Plan: write then commit.",
        toolCalls: [
          {
            id: "w",
            name: "workspace_write_file",
            arguments: JSON.stringify({ path: "output/main.md", content: "Scheduled hello." }),
          },
        ],
      },
      { toolCalls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
      { toolCalls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
    ]);
    const otherDevice = await openSocket(token);
    const handle = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chatId, promptSnapshot: prompt() },
      expectStatus: 201,
    });
    expect(handle).toMatchObject({
      status: "created",
      stableChatId: chatId,
      generationType: "normal",
      workspaceId: expect.stringMatching(/^chat_[0-9a-f]{16}$/),
    });
    const run = await waitTerminal(token, handle.runId);
    expect(run).toMatchObject({ status: "completed", commitCount: 1, profileId: "default-writer" });
    // Another device's run list updates from frames alone: the commit count arrives with them.
    const done = await otherDevice.waitFor(
      (f) => f.type === "agent.run_changed" && f.runId === handle.runId && f.status === "completed",
      20_000,
    );
    expect(done.commitCount).toBe(1);
    expect(
      otherDevice.frames.some(
        (f) =>
          f.type === "agent.run_changed" && f.runId === handle.runId && f.commitCount === 1 && f.status !== "completed",
      ),
    ).toBe(true);
    otherDevice.ws.close();
    const turn = await apiJson(`/api/v1/agent/runs/${handle.runId}/model-turns/1`, { token, expectStatus: 200 });
    expect(turn).toMatchObject({
      runId: handle.runId,
      round: 1,
      modelResponsePath: "model-responses/round-001.json",
      assistant: { text: "Let me write.", truncated: false },
      narration: { source: "assistantText", text: "Let me write." },
      toolCalls: [{ callId: "w", name: "builtin:workspace.write_file", modelName: "workspace_write_file" }],
    });
    expect(turn.reasoning[0]).toMatchObject({ text: "Plan: write then commit." });
    expect(JSON.stringify(turn)).not.toContain("rawResponse");
    const short = await apiJson(`/api/v1/agent/runs/${handle.runId}/model-turns/1?maxChars=3`, {
      token,
      expectStatus: 200,
    });
    expect(short.assistant).toMatchObject({ text: "Let", truncated: true, totalChars: 13 });
    expect(
      (await apiJson(`/api/v1/agent/runs/${handle.runId}/model-turns/9`, { token, expectStatus: 404 })).error.code,
    ).toBe("agent.model_turn_not_found");
    // A finished run takes no guidance; cancel returns the handle unchanged.
    expect(
      (
        await apiJson(`/api/v1/agent/runs/${handle.runId}/guidance`, {
          token,
          body: { text: "more" },
          expectStatus: 409,
        })
      ).error.code,
    ).toBe("agent.guidance_run_not_accepting");
    expect(
      await apiJson(`/api/v1/agent/runs/${handle.runId}/cancel`, { token, method: "POST", expectStatus: 200 }),
    ).toMatchObject({ status: "completed" });
    const messages = await apiJson(`/api/v1/chats/${chatId}/messages?offset=0&limit=10`, { token, expectStatus: 200 });
    expect(messages.messages.at(-1)).toMatchObject({ role: "assistant", text: "Scheduled hello." });
  });

  it("guidance is queued over HTTP and cancel stops a run", async () => {
    const { token, chatId } = await setup([
      { error: { status: 503, message: "busy" } },
      { error: { status: 503, message: "busy" } },
      { error: { status: 503, message: "busy" } },
      { error: { status: 503, message: "busy" } },
    ]);
    const handle = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chatId, promptSnapshot: prompt() },
      expectStatus: 201,
    });
    const receipt = await apiJson(`/api/v1/agent/runs/${handle.runId}/guidance`, {
      token,
      body: { text: "Shorter, please.", clientGuidanceId: "c1" },
      expectStatus: 202,
    });
    expect(receipt).toMatchObject({
      runId: handle.runId,
      status: "queued",
      clientGuidanceId: "c1",
      pendingCount: 1,
      chars: 16,
      words: 2,
    });
    expect(
      (await apiJson(`/api/v1/agent/runs/${handle.runId}/guidance`, { token, body: { text: "  " }, expectStatus: 400 }))
        .error.code,
    ).toBe("agent.guidance_empty");
    const cancelled = await apiJson(`/api/v1/agent/runs/${handle.runId}/cancel`, {
      token,
      method: "POST",
      expectStatus: 200,
    });
    expect(["cancelling", "cancelled"]).toContain(cancelled.status);
    const run = await waitTerminal(token, handle.runId);
    expect(run.status).toBe("cancelled");
    const events = await apiJson(`/api/v1/agent/runs/${handle.runId}/events?limit=500`, { token, expectStatus: 200 });
    const types = events.events.map((e: any) => e.type);
    expect(types).toContain("run_cancel_requested");
    expect(types.at(-1)).toBe("run_cancelled");
    // The guidance either reached the first model request or was discarded by the cancel.
    const fate = events.events.find(
      (e: any) => e.type === "user_guidance_applied" || e.type === "user_guidance_discarded",
    );
    expect(fate.type === "user_guidance_applied" ? fate.payload.clientGuidanceIds : fate.payload.reason).toEqual(
      fate.type === "user_guidance_applied" ? ["c1"] : "run_cancelled",
    );
    expect(
      (await apiJson(`/api/v1/agent/runs/run_${"0".repeat(32)}/cancel`, { token, method: "POST", expectStatus: 404 }))
        .error.code,
    ).toBe("agent.run_not_found");
  });
});
