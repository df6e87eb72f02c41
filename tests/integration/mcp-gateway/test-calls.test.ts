/**
 * Test calls (docs/spec/mcp-platform.md §10, §11, §14): outcomes against real and hostile servers, exact
 * big-integer arguments, Mcp-Param headers from the snapshot, gates, cancellation.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, type TestUser } from "../helpers";
import {
  activeServer,
  discover,
  everythingUrl,
  hostileUrl,
  modernUrl,
  plantHeaders,
  recorded,
} from "./gateway-helpers";

async function testCall(
  user: TestUser,
  id: string,
  nativeName: string,
  argumentsJson: string,
  callId?: string,
): Promise<{ status: number; body: any }> {
  const response = await api(`/api/v1/mcp/servers/${id}/tools/${encodeURIComponent(nativeName)}/test-call`, {
    method: "POST",
    token: user.deviceToken,
    body: { argumentsJson, ...(callId ? { callId } : {}) },
  });
  return { status: response.status, body: await response.json() };
}

async function cancel(user: TestUser, callId: string): Promise<{ status: number; body: any }> {
  const response = await api(`/api/v1/mcp/test-calls/${encodeURIComponent(callId)}/cancel`, {
    method: "POST",
    token: user.deviceToken,
  });
  return { status: response.status, body: await response.json() };
}

async function waitForCall(route: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if ((await recorded("mcp-hostile", route)).some((r) => r.rpcMethod === "tools/call")) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the server never received tools/call");
}

describe("test calls against server-everything", () => {
  it("echo round trip (no discovery needed)", async () => {
    const { user, id } = await activeServer(everythingUrl());
    const { status, body } = await testCall(user, id, "echo", JSON.stringify({ message: "hello tavern" }));
    expect(status).toBe(200);
    expect(body).toEqual({
      outcome: "known_response",
      response: {
        kind: "tool_result",
        isError: false,
        textBlocks: [{ index: 0, text: "Echo: hello tavern" }],
        diagnostics: [],
      },
    });
  });

  it("an image result gives its text blocks plus a content diagnostic with index, type and size", async () => {
    const { user, id } = await activeServer(everythingUrl());
    await discover(user, id);
    const { body } = await testCall(user, id, "get-tiny-image", "{}");
    expect(body.outcome).toBe("known_response");
    expect(body.response.textBlocks.map((b: any) => b.index)).toEqual([0, 2]);
    expect(body.response.diagnostics).toEqual([
      {
        code: "mcp.call_content_unsupported",
        contentIndex: 1,
        message: expect.stringMatching(/image.*image\/png.*bytes/),
      },
    ]);
  });

  it("permission is neither checked nor changed by a test call", async () => {
    const { user, id } = await activeServer(everythingUrl());
    const { body } = await testCall(user, id, "echo", '{"message":"off is fine"}');
    expect(body.response.textBlocks[0].text).toBe("Echo: off is fine");
    const server = await apiJson(`/api/v1/mcp/servers`, { token: user.deviceToken });
    expect(server.servers[0].toolPermissions).toEqual({});
  });
});

describe("exact arguments", () => {
  it("integers beyond 2^53 reach the server with their digits", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("calls", tag));
    const { body } = await testCall(
      user,
      id,
      "raw-echo",
      '{"big": 9007199254740993, "neg": -12345678901234567890, "small": 1.5}',
    );
    expect(body.outcome).toBe("known_response");
    const received = (await recorded("mcp-hostile", `/h/calls/${tag}`)).find((r) => r.rpcMethod === "tools/call")!;
    expect(received.body).toContain('"arguments":{"big":9007199254740993,"neg":-12345678901234567890,"small":1.5}');
    expect(body.response.textBlocks[0].text).toContain("9007199254740993");
  });
});

describe("test calls against a v2 server on 2026-07-28", () => {
  it("sends Mcp-Param-Region from the snapshot's definition with no tools/list in between", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(modernUrl(tag));
    expect((await discover(user, id)).body.protocolVersion).toBe("2026-07-28");
    const { body } = await testCall(user, id, "get-forecast", '{"region":"ap-south"}');
    expect(body.response).toMatchObject({
      kind: "tool_result",
      isError: false,
      textBlocks: [{ index: 0, text: "forecast for ap-south" }],
    });
    const requests = await recorded("mcp-modern", `/mcp/${tag}`);
    expect(requests.map((r) => r.rpcMethod)).toEqual(["server/discover", "tools/list", "tools/call"]);
    expect(requests[2]!.headers["mcp-param-region"]).toBe("ap-south");
    expect(requests[2]!.headers["mcp-name"]).toBe("get-forecast");
  });

  it("without a snapshot the call pages tools/list on the same client first", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(modernUrl(tag));
    const { body } = await testCall(user, id, "get-forecast", '{"region":"eu"}');
    expect(body.response.textBlocks[0].text).toBe("forecast for eu");
    const requests = await recorded("mcp-modern", `/mcp/${tag}`);
    expect(requests.map((r) => r.rpcMethod)).toEqual(["server/discover", "tools/list", "tools/call"]);
    expect(requests[2]!.headers["mcp-param-region"]).toBe("eu");
  });

  it("a tool the server does not offer is NotSent mcp.call_tool_unavailable", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(modernUrl(tag));
    const { body } = await testCall(user, id, "no-such-tool", "{}");
    expect(body).toMatchObject({ outcome: "not_sent", code: "mcp.call_tool_unavailable" });
    expect((await recorded("mcp-modern", `/mcp/${tag}`)).map((r) => r.rpcMethod)).not.toContain("tools/call");
  });
});

describe("hostile call outcomes", () => {
  async function callScenario(tool: string, withSnapshot = false) {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("calls", tag));
    if (withSnapshot) expect((await discover(user, id)).status).toBe(200);
    const result = await testCall(user, id, tool, '{"text":"x"}');
    const calls = (await recorded("mcp-hostile", `/h/calls/${tag}`)).filter((r) => r.rpcMethod === "tools/call");
    return { ...result, calls };
  }

  it("a JSON-RPC error is a known server_error with its data", async () => {
    const { status, body, calls } = await callScenario("rpc-error");
    expect(status).toBe(200);
    expect(body).toEqual({
      outcome: "known_response",
      response: {
        kind: "server_error",
        code: -32050,
        message: "The upstream database is down",
        dataJson: '{"retryAfter":30}',
      },
    });
    expect(calls).toHaveLength(1);
  });

  it("isError with text is a tool_result keeping the server's text", async () => {
    const { body } = await callScenario("is-error");
    expect(body.response).toEqual({
      kind: "tool_result",
      isError: true,
      textBlocks: [{ index: 0, text: "Quota exceeded for this key" }],
      diagnostics: [],
    });
  });

  it("structured content violating the declared output schema still returns the server's result", async () => {
    const { body, calls } = await callScenario("bad-structured", true);
    expect(body.response.kind).toBe("tool_result");
    expect(body.response.structuredJson).toBe(JSON.stringify({ n: "not a number" }, null, 2));
    expect(calls).toHaveLength(1);
  });

  it("unknown and non-text blocks and result _meta become diagnostics, text keeps its index", async () => {
    const { body } = await callScenario("mixed");
    expect(body.response.textBlocks).toEqual([
      { index: 0, text: "first" },
      { index: 5, text: "last" },
    ]);
    expect(body.response.diagnostics.map((d: any) => [d.code, d.contentIndex])).toEqual([
      ["mcp.call_content_unsupported", 1],
      ["mcp.call_content_unsupported", 2],
      ["mcp.call_content_unsupported", 3],
      ["mcp.call_content_unsupported", 4],
      ["mcp.call_metadata_unsupported", undefined],
    ]);
  });

  it("a call that never answers is outcome_unknown mcp.call_timeout after the (shortened) timeout", async () => {
    const { body, calls } = await callScenario("never");
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_timeout" });
    expect(body.message).toContain("1.5 s");
    expect(calls).toHaveLength(1);
  });

  it("an event stream that ends without the response is outcome_unknown at once (no reconnection)", async () => {
    const { body, calls } = await callScenario("sse-close");
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_response_failed" });
    expect(body.message).toContain("without answering");
    // response_failed, not call_timeout: the gateway did not wait for the timeout or reconnect.
    expect(calls).toHaveLength(1);
  });

  it("a connection dropped after the request was sent is outcome_unknown", async () => {
    const { body, calls } = await callScenario("drop");
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_response_failed" });
    expect(calls).toHaveLength(1);
  });

  it("a 5 MiB response is outcome_unknown", async () => {
    const { body } = await callScenario("huge");
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_response_failed" });
    expect(body.message).toContain("4 MiB");
  });
});

describe("test-call gates", () => {
  it.each([
    ["[1]", "mcp.call_arguments_not_object"],
    ["{", "mcp.call_arguments_invalid_json"],
    ['"text"', "mcp.call_arguments_not_object"],
    [JSON.stringify({ text: "x".repeat(300 * 1024) }), "mcp.call_arguments_size_limit"],
  ])("argumentsJson %# → NotSent %s and nothing is sent", async (argumentsJson, code) => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("calls", tag));
    const { status, body } = await testCall(user, id, "raw-echo", argumentsJson);
    expect(status).toBe(200);
    expect(body).toMatchObject({ outcome: "not_sent", code });
    expect(await recorded("mcp-hostile", `/h/calls/${tag}`)).toEqual([]);
  });

  it("registration id, missing registration, paused server", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("calls", tag));
    expect((await testCall(user, "not-a-uuid", "raw-echo", "{}")).body).toMatchObject({
      outcome: "not_sent",
      code: "mcp.call_registration_invalid",
    });
    expect((await testCall(user, id.toUpperCase(), "raw-echo", "{}")).body).toMatchObject({
      outcome: "not_sent",
      code: "mcp.call_registration_invalid",
    });
    expect((await testCall(user, crypto.randomUUID(), "raw-echo", "{}")).body).toMatchObject({
      outcome: "not_sent",
      code: "mcp.call_registration_not_found",
    });
    expect((await testCall(user, id, "x".repeat(300), "{}")).body).toMatchObject({
      outcome: "not_sent",
      code: "mcp.call_tool_name_invalid",
    });
    await apiJson(`/api/v1/mcp/servers/${id}/state`, {
      token: user.deviceToken,
      body: { state: "paused" },
      expectStatus: 200,
    });
    expect((await testCall(user, id, "raw-echo", "{}")).body).toMatchObject({
      outcome: "not_sent",
      code: "mcp.call_server_paused",
    });
    expect(await recorded("mcp-hostile", `/h/calls/${tag}`)).toEqual([]);
  });

  it("invalid registration headers → mcp.call_headers_invalid; no tools capability → mcp.call_tools_capability_missing", async () => {
    const tag = crypto.randomUUID();
    const bad = await activeServer(hostileUrl("calls", tag));
    await plantHeaders(bad.user.userId, bad.id, hostileUrl("calls", tag), { "X-Key": "line\nbreak" }); // saved before ADR 0394
    expect((await testCall(bad.user, bad.id, "raw-echo", "{}")).body).toMatchObject({
      outcome: "not_sent",
      code: "mcp.call_headers_invalid",
    });
    expect(await recorded("mcp-hostile", `/h/calls/${tag}`)).toEqual([]);
    const noTools = await activeServer(hostileUrl("no-tools", tag));
    expect((await testCall(noTools.user, noTools.id, "hidden", "{}")).body).toMatchObject({
      outcome: "not_sent",
      code: "mcp.call_tools_capability_missing",
    });
    expect((await recorded("mcp-hostile", `/h/no-tools/${tag}`)).map((r) => r.rpcMethod)).not.toContain("tools/call");
  });

  it("a malformed request body is 400 input.invalid", async () => {
    const { user, id } = await activeServer(hostileUrl("calls", crypto.randomUUID()));
    const response = await api(`/api/v1/mcp/servers/${id}/tools/raw-echo/test-call`, {
      method: "POST",
      token: user.deviceToken,
      body: { arguments: {} },
    });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.code).toBe("input.invalid");
  });
});

describe("cancellation", () => {
  it("a cancel that arrives first leaves a tombstone: the call ends not_sent and nothing is sent", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("calls", tag));
    const callId = crypto.randomUUID();
    expect(await cancel(user, callId)).toEqual({ status: 202, body: { callId, state: "not_running" } });
    const { body } = await testCall(user, id, "raw-echo", "{}", callId);
    expect(body).toMatchObject({ outcome: "not_sent", code: "mcp.call_cancelled_before_send" });
    expect(await recorded("mcp-hostile", `/h/calls/${tag}`)).toEqual([]);
    // The tombstone is consumed: the same id can run afterwards.
    expect((await testCall(user, id, "raw-echo", "{}", callId)).body.outcome).toBe("known_response");
  });

  it("a cancel during the call ends outcome_unknown mcp.call_cancelled; a live duplicate id is 409", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("calls", tag));
    const callId = crypto.randomUUID();
    const pending = testCall(user, id, "never", "{}", callId);
    await waitForCall(`/h/calls/${tag}`);
    const duplicate = await testCall(user, id, "raw-echo", "{}", callId);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe("mcp.call_id_in_use");
    expect(await cancel(user, callId)).toEqual({ status: 202, body: { callId, state: "cancelled" } });
    const { status, body } = await pending;
    expect(status).toBe(200);
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_cancelled" });
  });
});
