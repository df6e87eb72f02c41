/** The scripted model peer's provider-like checks and script handling (tests/peers/model-peer.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelPeer, validatePairing } from "../../peers/model-peer";
import type { PeerHandle } from "../../peers/registry";

describe("scripted model peer", () => {
  it("accepts answered tool calls and refuses unanswered ones, orphan results and missing ids", () => {
    const call = {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
    };
    expect(
      validatePairing([
        { role: "user", content: "q" },
        call,
        { role: "tool", tool_call_id: "c1", content: "r" },
        { role: "user", content: "more" },
      ]),
    ).toBeNull();
    expect(validatePairing([{ role: "user", content: "q" }, call, { role: "user", content: "skip" }])).toContain("c1");
    expect(validatePairing([{ role: "user", content: "q" }, call])).toContain("c1");
    expect(
      validatePairing([
        { role: "user", content: "q" },
        { role: "tool", tool_call_id: "zz", content: "r" },
      ]),
    ).toContain("zz");
    expect(
      validatePairing([
        { role: "assistant", tool_calls: [{ type: "function", function: { name: "f", arguments: "{}" } }] },
      ]),
    ).toContain("id");
  });

  describe("over HTTP", () => {
    let peer: PeerHandle;
    beforeAll(async () => {
      peer = await startModelPeer();
    });
    afterAll(async () => {
      await peer.close();
    });
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${peer.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    it("plays a script by model id, then reports it exhausted; unknown models get a default OK", async () => {
      expect((await post("/__script", { id: "s1", steps: [{ text: "hello" }] })).status).toBe(201);
      const first = (await (
        await post("/v1/chat/completions", { model: "s1", messages: [{ role: "user", content: "hi" }] })
      ).json()) as any;
      expect(first.choices[0].message.content).toBe("hello");
      const second = await post("/v1/chat/completions", { model: "s1", messages: [{ role: "user", content: "hi" }] });
      expect(second.status).toBe(400);
      expect(((await second.json()) as any).error.code).toBe("script_exhausted");
      const other = (await (await post("/v1/chat/completions", { model: "whatever", messages: [] })).json()) as any;
      expect(other.choices[0].message.content).toBe("OK");
      const log = (await (await fetch(`${peer.url}/__requests?script=s1`)).json()) as any;
      expect(log.requests.map((r: any) => r.status)).toEqual([200, 400]);
    });

    it("streams SSE ending in [DONE] and enforces a script's API key", async () => {
      await post("/__script", {
        id: "s2",
        apiKey: "k-1",
        steps: [{ text: "abc", toolCalls: [{ id: "c", name: "f", arguments: '{"a":1}' }] }],
      });
      expect((await post("/v1/chat/completions", { model: "s2", messages: [] })).status).toBe(401);
      const text = await (
        await post("/v1/chat/completions", { model: "s2", stream: true, messages: [] }, { authorization: "Bearer k-1" })
      ).text();
      expect(text.trim().endsWith("data: [DONE]")).toBe(true);
      expect(text).toContain('"finish_reason":"tool_calls"');
    });
  });
});
