/**
 * `GET /api/v1/agent/runs/:runId/tool-calls/:callId` (docs/spec/agent-runtime.md §9 "Reading one tool
 * call"): what was sent and answered for an MCP call (the model-facing result and the outcome as the
 * server answered it), a builtin call, an externalized long result, an unknown call id, another
 * user's run and a slimmed run.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { agentRunServices } from "../../../src/composition/agent-runs";
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import { api, apiJson, createUser } from "../helpers";
import { driveRun, stubFor, userWithChat } from "./loop-helpers";

const REG = "0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11";
const ECHO = `mcp/${REG}:echo`;
const ALIAS = "mcp__Everything__echo";
const MCP_TOOLS = [
  { toolId: ECHO, server: "Everything", inputSchema: { type: "object", properties: { message: { type: "string" } } } },
];
const text = (value: string): McpCallOutcome => ({
  outcome: "known_response",
  response: { kind: "tool_result", result: { isError: false, text: [{ index: 0, text: value }], diagnostics: [] } },
});
const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});
const tail = [
  { calls: [write("w", "The dragon woke.")] },
  { calls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
  { calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
];
const callPath = (runId: string, callId: string, query = "") =>
  `/api/v1/agent/runs/${runId}/tool-calls/${encodeURIComponent(callId)}${query}`;

describe("GET /agent/runs/:runId/tool-calls/:callId", () => {
  it("an MCP call: arguments, the result the model got, the raw outcome verbatim, server and times", async () => {
    const { user, chatId } = await userWithChat();
    const answer = "  echo: Hello 🐉\n\nsecond block kept verbatim  ";
    const run = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => text(answer),
      steps: [{ calls: [{ id: "call/1 x", name: ALIAS, arguments: '{"message":"Hello 🐉"}' }] }, ...tail],
    });
    expect(run.status).toBe("completed");
    const view = await apiJson(callPath(run.runId, "call/1 x"), { token: user.deviceToken, expectStatus: 200 });
    expect(view).toMatchObject({
      callId: "call/1 x",
      invocationId: "inv_root",
      round: 1,
      toolId: ECHO,
      alias: ALIAS,
      server: { registrationId: REG, displayName: null },
      arguments: { message: "Hello 🐉" },
      argumentsText: '{"message":"Hello 🐉"}',
      result: { content: answer, isError: false, errorCode: null, resourceRefs: [] },
      raw: {
        outcome: "known_response",
        response: { kind: "tool_result", isError: false, textBlocks: [{ index: 0, text: answer }] },
      },
      truncated: false,
    });
    expect(Date.parse(view.startedAt)).toBeLessThanOrEqual(Date.parse(view.endedAt));
  });

  it("a builtin call: arguments and the builtin result, no raw; round picks among rounds", async () => {
    const { user, chatId } = await userWithChat();
    const run = await driveRun(user.userId, chatId, {
      steps: [{ calls: [write("same", "First draft.")] }, { calls: [write("same", "Second draft.")] }, ...tail],
    });
    expect(run.status).toBe("completed");
    const token = user.deviceToken;
    const latest = await apiJson(callPath(run.runId, "same"), { token, expectStatus: 200 });
    expect(latest).toMatchObject({
      round: 2,
      toolId: "builtin:workspace.write_file",
      alias: "workspace_write_file",
      arguments: { path: "output/main.md", content: "Second draft." },
      result: { isError: false, resourceRefs: ["output/main.md"] },
    });
    expect(latest.raw).toBeUndefined();
    expect(latest.server).toBeUndefined();
    const first = await apiJson(callPath(run.runId, "same", "?round=1"), { token, expectStatus: 200 });
    expect(first.arguments.content).toBe("First draft.");
    const none = await apiJson(callPath(run.runId, "same", "?round=3"), { token, expectStatus: 404 });
    expect(none.error.code).toBe("agent.tool_call_not_found");
  });

  it("an externalized result: the model got the instruction block, raw keeps the whole text", async () => {
    const { user, chatId } = await userWithChat();
    const long = Array.from({ length: 800 }, (_, i) => `line ${i + 1}: ${"lorem ipsum ".repeat(4)}`).join("\n");
    const run = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => text(long),
      profile: (p) => {
        p.tools.mcpResultInlineCharLimit = 2_000;
      },
      steps: [{ calls: [{ id: "big", name: ALIAS, arguments: "{}" }] }, ...tail],
    });
    const sent = (run.requests[1]!.messages.find((m) => m.role === "tool")!.parts[0] as any).result.content;
    const view = await apiJson(callPath(run.runId, "big"), { token: user.deviceToken, expectStatus: 200 });
    expect(view.result.content).toBe(sent);
    expect(view.result.content).toContain("## Prefix preview");
    expect(view.result.structured).toMatchObject({ externalized: true, charLimit: 2_000 });
    expect(view.raw.response.textBlocks[0].text).toBe(long);
    expect(view.truncated).toBe(false);
  });

  it("argumentsText keeps every digit of an integer beyond 2^53, which the parsed arguments cannot", async () => {
    const { user, chatId } = await userWithChat();
    const sent = '{"message":"id 1","n":12345678901234567890,"m":-9007199254740993}';
    const run = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => text("ok"),
      steps: [{ calls: [{ id: "digits", name: ALIAS, arguments: sent }] }, ...tail],
    });
    expect(run.status).toBe("completed");
    const response = await api(callPath(run.runId, "digits"), { token: user.deviceToken });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body).argumentsText).toBe(sent);
    expect(JSON.parse(body).arguments.message).toBe("id 1");
  });

  it("GET …/model-stream answers the latest attempt's streamed text and the last frame's seq", async () => {
    const { user, chatId } = await userWithChat();
    const run = await driveRun(user.userId, chatId, {
      steps: [
        { text: "Let me draft the scene first.", calls: [write("w", "The dragon woke.")] },
        tail[1]!,
        { text: "Committed; finishing now.", calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
      ],
    });
    expect(run.status).toBe("completed");
    const stream = await apiJson(`/api/v1/agent/runs/${run.runId}/model-stream`, {
      token: user.deviceToken,
      expectStatus: 200,
    });
    expect(stream).toMatchObject({ invocationId: "inv_root", round: 3, attempt: 1, text: "Committed; finishing now." });
    // The scripted model streams 4 code points per delta; frames merge deltas but never split them.
    expect(stream.lastSeq).toBeGreaterThanOrEqual(2);
    expect(stream.lastSeq).toBeLessThanOrEqual(Math.ceil(29 / 4) + Math.ceil(25 / 4));
  });

  it("a call after a fatal one in the same turn: listed in model_completed, read from the stored response", async () => {
    const { user, chatId } = await userWithChat();
    const run = await driveRun(user.userId, chatId, {
      steps: [
        {
          calls: [
            { id: "s1", name: "chat_search", arguments: '{"query":"dragon"}' },
            { id: "x2", name: "no_such_tool", arguments: "{}" },
            { id: "w3", name: "workspace_write_file", arguments: '{"path":"output/main.md","content":"Never."}' },
          ],
        },
      ],
    });
    expect(run.status).toBe("failed");
    const completed = run.events.find((e) => e.type === "model_completed")!;
    expect(completed.payload).toMatchObject({
      toolCallCount: 3,
      toolCalls: [
        { callId: "s1", name: "chat_search" },
        { callId: "x2", name: "no_such_tool" },
        { callId: "w3", name: "workspace_write_file" },
      ],
    });
    expect(run.events.some((e) => e.type === "tool_call_requested" && e.payload!.callId === "w3")).toBe(false);
    const token = user.deviceToken;
    const never = await apiJson(callPath(run.runId, "w3", "?round=1"), { token, expectStatus: 200 });
    expect(never).toMatchObject({
      callId: "w3",
      round: 1,
      toolId: null,
      alias: "workspace_write_file",
      arguments: { path: "output/main.md", content: "Never." },
      argumentsText: '{"path":"output/main.md","content":"Never."}',
      result: null,
      startedAt: null,
      endedAt: null,
    });
    // Without a round there is no argument document to find it by; another round's response lacks it.
    expect((await api(callPath(run.runId, "w3"), { token })).status).toBe(404);
    expect((await api(callPath(run.runId, "w3", "?round=2"), { token })).status).toBe(404);
  });

  it("a turn of 70 calls with long hostile names lists 64 and never outgrows the journal's payload limit", async () => {
    const { user, chatId } = await userWithChat();
    const name = "\u0001".repeat(500);
    const calls = Array.from({ length: 70 }, (_, i) => ({
      id: i === 0 ? "x".repeat(101) : `c${i}${"\u0002".repeat(90)}`,
      name,
      arguments: "{}",
    }));
    const run = await driveRun(user.userId, chatId, { steps: [{ calls }] });
    // The first unknown tool fails the run, not the size of what the journal lists.
    expect(run.status).toBe("failed");
    const completed = run.events.find((e) => e.type === "model_completed")!;
    const listed = completed.payload!.toolCalls as Array<{ callId: string; name: string }>;
    expect(completed.payload!.toolCallCount).toBe(70);
    expect(listed).toHaveLength(64);
    expect(listed[0]!.callId).toBe(calls[1]!.id); // the 101-character id is left out, not cut
    expect(listed[0]!.name).toHaveLength(100);
    expect(run.events.find((e) => e.type === "run_failed")!.payload).toMatchObject({ code: "model.unknown_tool_call" });
  });

  it("an unknown call id is 404; another user's run is 404; a slimmed run is 410", async () => {
    const { user, chatId } = await userWithChat();
    const run = await driveRun(user.userId, chatId, { steps: tail });
    const token = user.deviceToken;
    expect((await apiJson(callPath(run.runId, "w"), { token, expectStatus: 200 })).alias).toBe("workspace_write_file");
    const unknown = await apiJson(callPath(run.runId, "nope"), { token, expectStatus: 404 });
    expect(unknown.error.code).toBe("agent.tool_call_not_found");
    const other = await createUser();
    const foreign = await apiJson(callPath(run.runId, "w"), { token: other.deviceToken, expectStatus: 404 });
    expect(foreign.error.code).toBe("agent.run_not_found");
    await runInDurableObject(stubFor(user.userId), (instance: UserSpace) => {
      agentRunServices(instance.space()).runs.slim(run.runId);
    });
    const response = await api(callPath(run.runId, "w"), { token });
    const body: any = await response.json();
    expect(response.status).toBe(410);
    expect(body.error.code).toBe("agent.run_slimmed");
  });
});
