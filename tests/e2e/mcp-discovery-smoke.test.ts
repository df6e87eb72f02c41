/**
 * `wrangler dev` smoke for [gateway-discovery]: real workerd without the pool's eval allowance
 * discovers server-everything's tools over real HTTP, calls `echo`, and serves the snapshot again
 * after wrangler restarts (persisted state).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import type { PeerHandle } from "../peers/registry";
import { createDevUser, startWranglerDev, type WranglerDev } from "./wrangler";

let dev: WranglerDev;
let everything: PeerHandle;

beforeAll(async () => {
  everything = await startEverythingPeer();
  dev = await startWranglerDev();
});

afterAll(async () => {
  await dev?.stop();
  await everything?.close();
});

async function call(token: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${dev.url}/api/v1${path}`, {
    method: body === undefined && !path.endsWith("/discover") && !path.endsWith("/refresh") ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: await response.json() };
}

describe("MCP discovery under wrangler dev", () => {
  it("discovers server-everything, test-calls echo, and serves the snapshot after a restart", async () => {
    const user = await createDevUser(dev.url);
    const created = await call(user.deviceToken, "/mcp/servers", {
      displayName: "Everything",
      endpoint: `${everything.url}/mcp`,
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await call(user.deviceToken, `/mcp/servers/${id}/state`, { state: "active" })).status).toBe(200);
    const discovered = await call(user.deviceToken, `/mcp/servers/${id}/discover`);
    expect(discovered.status, JSON.stringify(discovered.json)).toBe(200);
    expect(discovered.json.protocolVersion).toBe("2025-11-25");
    const names = discovered.json.tools.map((tool: { nativeName: string }) => tool.nativeName);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "get-tiny-image"]));
    const echo = await call(user.deviceToken, `/mcp/servers/${id}/tools/echo/test-call`, {
      argumentsJson: '{"message":"from wrangler dev"}',
    });
    expect(echo.status).toBe(200);
    expect(echo.json).toEqual({
      outcome: "known_response",
      response: {
        kind: "tool_result",
        isError: false,
        textBlocks: [{ index: 0, text: "Echo: from wrangler dev" }],
        diagnostics: [],
      },
    });
    await dev.restart();
    const cached = await call(user.deviceToken, `/mcp/servers/${id}/discover`);
    expect(cached.status).toBe(200);
    expect(cached.json.fetchedAt).toBe(discovered.json.fetchedAt);
    expect(cached.json.tools).toEqual(discovered.json.tools);
  });
});
