/**
 * The scripted model server drives one streamed tool-call step through a real `wrangler dev`
 * (workerd without the pool's allowances): connection create → test → dev-step
 * (issue [model-gateway] "Must show").
 */
import { describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import { scriptedConnection, wranglerSession } from "./session";

describe("model gateway under wrangler dev", () => {
  const session = wranglerSession(undefined, { peer: startModelPeer });
  const { call } = session;

  it("streams one tool-call step from the scripted server and tests the connection", async () => {
    const scriptId = `e2e-${Date.now()}`;
    const steps = [
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
    ];
    const created = await scriptedConnection(
      session,
      "peer",
      { id: scriptId, apiKey: "sk-e2e-key-123456", steps },
      "sk-e2e-key-123456",
    );
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

    const recorded = (await (await fetch(`${session.peer("peer").url}/__requests?script=${scriptId}`)).json()) as {
      requests: any[];
    };
    expect(recorded.requests.map((r) => [r.stream, r.status])).toEqual([
      [false, 200],
      [true, 200],
    ]);
    expect(recorded.requests[1].body.tools[0].function.name).toBe("lookup");
  });
});
