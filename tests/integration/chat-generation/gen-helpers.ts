/**
 * Helpers of the chat-generation pool tests: a user with a model connection on the scripted model
 * peer, a chat, MCP servers on loopback with chosen tools allowed, and waiting for a generation's end.
 */
import { expect } from "vitest";
import type { ScriptStep } from "../../peers/model-peer";
import { appendMany, createChat } from "../chats/chat-helpers";
import { apiJson, createUser, type TestSocket, type TestUser } from "../helpers";
import { activeServer, discover } from "../mcp-gateway/gateway-helpers";
import { loadScript, modelPeer } from "../models/helpers";

export interface GenFixture {
  user: TestUser;
  token: string;
  chatId: string;
  scriptId: string;
  connectionId: string;
}

/** A user, a default connection playing `steps`, and a chat holding `texts` (user/assistant alternating). */
export async function genFixture(
  steps: ScriptStep[],
  texts: string[] = ["Hello"],
  connection: Record<string, unknown> = {},
): Promise<GenFixture> {
  const user = await createUser();
  const scriptId = await loadScript(steps, { prefix: "gen" });
  const conn = await apiJson("/api/v1/connections", {
    token: user.deviceToken,
    body: {
      name: "Peer",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      apiKey: "",
      modelId: scriptId,
      ...connection,
    },
    expectStatus: 201,
  });
  const chat = await createChat(user.deviceToken, { title: "Gen chat", character: { name: "Aria" } });
  if (texts.length > 0) await appendMany(user.deviceToken, chat.id, texts);
  return { user, token: user.deviceToken, chatId: chat.id, scriptId, connectionId: conn.id };
}

/** Registers `endpoint` as an active server named `displayName`, discovers it and allows `tools`. */
export async function allowTools(
  user: TestUser,
  endpoint: string,
  tools: string[],
  displayName = "Everything",
): Promise<string> {
  const { id } = await activeServer(endpoint, { displayName }, user);
  expect((await discover(user, id)).status).toBe(200);
  for (const name of tools)
    await apiJson(`/api/v1/mcp/servers/${id}/tools/${encodeURIComponent(name)}/permission`, {
      method: "PUT",
      token: user.deviceToken,
      body: { permission: "allow" },
      expectStatus: 200,
    });
  return id;
}

/** POST …/generate → generationId (asserts 202). */
export async function generate(fx: GenFixture, body: Record<string, unknown>): Promise<string> {
  const out = await apiJson(`/api/v1/chats/${fx.chatId}/generate`, { token: fx.token, body, expectStatus: 202 });
  return out.generationId;
}

/** Polls the generation until it ends; returns its view. */
export async function waitEnded(fx: GenFixture, generationId: string, timeoutMs = 15_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await apiJson(`/api/v1/chats/${fx.chatId}/generations/${generationId}`, {
      token: fx.token,
      expectStatus: 200,
    });
    if (["completed", "stopped", "failed"].includes(view.status)) return view;
    if (Date.now() > deadline) throw new Error(`generation still ${view.status}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** The chat's messages (up to 200), in order. */
export async function messagesOf(fx: GenFixture): Promise<any[]> {
  return (await apiJson(`/api/v1/chats/${fx.chatId}/messages?limit=200`, { token: fx.token, expectStatus: 200 }))
    .messages;
}

/** The generation's deltas a socket saw, joined per kind. */
export function deltaText(socket: TestSocket, generationId: string, kind = "text"): string {
  return socket.frames
    .filter((f) => f.type === "chat.generation_delta" && f.generationId === generationId && f.kind === kind)
    .map((f) => f.text)
    .join("");
}
