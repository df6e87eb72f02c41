/**
 * POST /agent/runs validates the sampling fields of the prompt snapshot's chatCompletionPayload
 * (docs/spec/agent-runtime.md §9; ADR 1460): a bad value is refused before anything is created and never
 * reaches the provider; good values reach it, unknown fields are still accepted.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser } from "../helpers";
import { appendMany, createChat } from "../chats/chat-helpers";
import { loadScript, modelPeer, recorded } from "../models/helpers";
import { waitTerminal } from "./loop-helpers";

async function setup(steps: any[]) {
  const user = await createUser();
  const chat = await createChat(user.deviceToken, { title: "Sampling" });
  await appendMany(user.deviceToken, chat.id, ["Hello", "Hi"]);
  const scriptId = await loadScript(steps, { prefix: "agent-sampling" });
  await apiJson("/api/v1/connections", {
    token: user.deviceToken,
    body: {
      name: "Scripted",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      apiKey: "sk-sampling-000001",
      modelId: scriptId,
      isDefault: true,
    },
    expectStatus: 201,
  });
  return { token: user.deviceToken, chatId: chat.id, scriptId };
}

describe("agent runs: sampling fields of the prompt snapshot", () => {
  it("refuses a huge max_tokens, an infinite seed and other out-of-range fields; nothing is created or sent", async () => {
    const { token, chatId, scriptId } = await setup([]);
    // Raw JSON: -1e400 parses to -Infinity and 90071992547409930000 is past the safe integers.
    const raw = `{"stableChatId":${JSON.stringify(chatId)},"promptSnapshot":{"chatCompletionPayload":{"messages":[{"role":"user","content":"Write."}],"max_tokens":90071992547409930000,"seed":-1e400}}}`;
    const response = await api("/api/v1/agent/runs", { token, body: raw });
    const error = (await response.json<any>()).error;
    expect(response.status).toBe(400);
    expect(error.code).toBe("agent.prompt_snapshot_invalid");
    expect(error.details.issues.map((i: any) => i.path)).toEqual([
      "promptSnapshot.chatCompletionPayload.max_tokens",
      "promptSnapshot.chatCompletionPayload.seed",
    ]);
    expect(error.message).toContain("max_tokens");
    for (const [field, value] of [
      ["temperature", 3],
      ["top_p", 1.2],
      ["presence_penalty", -2.5],
      ["frequency_penalty", 9],
      ["n", 2],
      ["max_completion_tokens", 0],
    ] as const) {
      const body = {
        stableChatId: chatId,
        promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Write." }], [field]: value } },
      };
      const refused = await apiJson("/api/v1/agent/runs", { token, body, expectStatus: 400 });
      expect(refused.error, field).toMatchObject({
        code: "agent.prompt_snapshot_invalid",
        details: { issues: [{ path: `promptSnapshot.chatCompletionPayload.${field}` }] },
      });
    }
    expect((await apiJson(`/api/v1/agent/runs?stableChatId=${chatId}`, { token, expectStatus: 200 })).runs).toEqual([]);
    expect(await recorded(scriptId)).toEqual([]);
  });

  it("valid sampling fields reach the provider and unknown fields are still accepted", async () => {
    const { token, chatId, scriptId } = await setup([
      {
        toolCalls: [
          {
            id: "w",
            name: "workspace_write_file",
            arguments: JSON.stringify({ path: "output/main.md", content: "Sampled." }),
          },
        ],
      },
      { toolCalls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
      { toolCalls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
    ]);
    const payload = {
      messages: [{ role: "user", content: "Write." }],
      max_tokens: 321,
      temperature: 0.7,
      top_p: 0.9,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      seed: 42,
      n: 1,
      logit_bias: { "1": 2 },
      x_custom_field: "anything",
    };
    const handle = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chatId, promptSnapshot: { chatCompletionPayload: payload } },
      expectStatus: 201,
    });
    expect(await waitTerminal(token, handle.runId)).toMatchObject({ status: "completed" });
    const first = (await recorded(scriptId))[0]!.body;
    expect(first).toMatchObject({
      max_tokens: 321,
      temperature: 0.7,
      top_p: 0.9,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      seed: 42,
    });
  });
});
