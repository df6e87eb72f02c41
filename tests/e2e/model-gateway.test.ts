/**
 * The scripted model server drives one streamed tool-call step through a real `wrangler dev`
 * (workerd without the pool's allowances): connection create → test → dev-step
 * (issue [model-gateway] "Must show").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { createDevUser, startWranglerDev, type WranglerDev } from "./wrangler";

describe("model gateway under wrangler dev", () => {
  let dev: WranglerDev;
  let peer: PeerHandle;
  let token: string;

  beforeAll(async () => {
    peer = await startModelPeer();
    dev = await startWranglerDev();
    token = (await createDevUser(dev.url)).deviceToken;
  });

  afterAll(async () => {
    await dev?.stop();
    await peer?.close();
  });

  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${dev.url}/api/v1${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it("streams one tool-call step from the scripted server and tests the connection", async () => {
    const scriptId = `e2e-${Date.now()}`;
    const loaded = await fetch(`${peer.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: scriptId,
        apiKey: "sk-e2e-key-123456",
        steps: [
          { text: "OK" },
          {
            reasoning: "Use the tool.",
            text: "Looking it up.",
            interleave: true,
            toolCalls: [
              { id: "call_e2e_1", name: "lookup", arguments: '{"q":"tavern"}' },
              { id: "call_e2e_2", name: "lookup", arguments: '{"q":"edge"}' },
            ],
          },
        ],
      }),
    });
    expect(loaded.status).toBe(201);

    const created = await call("/connections", {
      name: "Scripted",
      provider: "openai-compatible",
      baseUrl: `${peer.url}/v1`,
      apiKey: "sk-e2e-key-123456",
      modelId: scriptId,
    });
    expect(created.status).toBe(201);
    expect(created.body.apiKeyHint).toBe("3456");

    const tested = await call(`/connections/${created.body.id}/test`, {});
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, latencyMs: expect.any(Number) });

    const step = await call(`/connections/${created.body.id}/dev-step`, {
      stream: true,
      request: {
        messages: [{ role: "user", parts: [{ type: "text", text: "Find both" }] }],
        tools: [
          {
            alias: "lookup",
            description: "Look something up",
            inputSchema: { type: "object", properties: { q: { type: "string" } } },
          },
        ],
      },
    });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    expect(step.body.response.finishReason).toBe("tool-calls");
    expect(step.body.response.toolCalls).toEqual([
      { id: "call_e2e_1", alias: "lookup", argumentsText: '{"q":"tavern"}' },
      { id: "call_e2e_2", alias: "lookup", argumentsText: '{"q":"edge"}' },
    ]);
    expect(step.body.response.reasoning).toBe("Use the tool.");
    expect(
      step.body.deltas
        .filter((d: any) => d.type === "text")
        .map((d: any) => d.text)
        .join(""),
    ).toBe("Looking it up.");

    const recorded = (await (await fetch(`${peer.url}/__requests?script=${scriptId}`)).json()) as { requests: any[] };
    expect(recorded.requests.map((r) => [r.stream, r.status])).toEqual([
      [false, 200],
      [true, 200],
    ]);
    expect(recorded.requests[1].body.tools[0].function.name).toBe("lookup");
  });
});
