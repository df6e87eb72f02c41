/**
 * Issue 30 items 5, 6, 7 and 10 against the hostile fixture server (tests/peers/mcp):
 * - a `tools/call` refused with HTTP 401/403 or a session 404/400 is NotSent with its own code,
 *   and nothing is sent again; a 400 that is not about the session stays OutcomeUnknown;
 * - calls carry `_meta.progressToken`; progress keeps a call alive past the idle timeout (1.5 s in
 *   tests) up to the absolute cap (6 s in tests); timeouts stay OutcomeUnknown with a cancel sent;
 * - `nextCursor: ""` ends the list with a diagnostic; a repeated non-empty cursor is still a cycle;
 * - a 401 at start-up says once, plainly, that credentials are needed and where they go.
 */
import { describe, expect, it } from "vitest";
import { api } from "../helpers";
import { activeServer, discover, hostileUrl, recorded } from "../mcp-gateway/gateway-helpers";

let tags = 0;
const tagged = (scenario: string) => {
  const tag = `hx${Date.now().toString(36)}${(tags += 1)}`;
  return { url: hostileUrl(scenario, tag), route: `/h/${scenario}/${tag}` };
};

async function testCall(scenario: string, tool: string): Promise<{ status: number; body: any; route: string }> {
  const { url, route } = tagged(scenario);
  const { user, id } = await activeServer(url);
  await discover(user, id);
  const response = await api(`/api/v1/mcp/servers/${id}/tools/${tool}/test-call`, {
    method: "POST",
    token: user.deviceToken,
    body: { argumentsJson: "{}" },
  });
  return { status: response.status, body: await response.json(), route };
}

const calls = async (route: string) =>
  (await recorded("mcp-hostile", route)).filter((r) => r.rpcMethod === "tools/call");

describe("calls the server refused before processing", () => {
  for (const [tool, code] of [
    ["deny-401", "mcp.call_unauthorized"],
    ["deny-403", "mcp.call_unauthorized"],
    ["gone-404", "mcp.call_session_expired"],
    ["gone-400", "mcp.call_session_expired"],
  ] as const) {
    it(`${tool} → not_sent ${code}, sent exactly once`, async () => {
      const { status, body, route } = await testCall("refusing", tool);
      expect(status).toBe(200);
      expect(body).toMatchObject({ outcome: "not_sent", code });
      expect(body.message).toMatch(/did not run|before running/);
      expect(await calls(route)).toHaveLength(1);
    });
  }

  it("a 401 names the fix: add credentials as a header of the registration", async () => {
    const { body } = await testCall("refusing", "deny-401");
    expect(body.message).toContain("requires credentials (HTTP 401)");
    expect(body.message).toContain("header");
  });

  it("a 400 that does not name the session stays outcome_unknown", async () => {
    const { body } = await testCall("refusing", "bad-400");
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_response_failed" });
  });
});

describe("progress on long calls", () => {
  it("tools/call carries _meta.progressToken, and progress keeps it alive past the idle timeout", async () => {
    const { body, route } = await testCall("progress", "progress-ok");
    expect(body).toMatchObject({ outcome: "known_response", response: { kind: "tool_result", isError: false } });
    expect(body.response.textBlocks[0].text).toBe("done after 8 progress notifications");
    const [sent] = await calls(route);
    expect(JSON.parse(sent!.body).params._meta.progressToken).toEqual(expect.anything());
  });

  it("progress forever hits the absolute cap: outcome_unknown mcp.call_timeout and a cancel notification", async () => {
    const started = Date.now();
    const { body, route } = await testCall("progress", "progress-forever");
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_timeout" });
    expect(body.message).toContain("kept reporting progress");
    expect(Date.now() - started).toBeGreaterThanOrEqual(6000);
    const [sent] = await calls(route);
    const requestId = JSON.parse(sent!.body).id;
    const deadline = Date.now() + 5000;
    let cancels: any[] = [];
    while (Date.now() < deadline) {
      cancels = (await recorded("mcp-hostile", route)).filter((r) => r.rpcMethod === "notifications/cancelled");
      if (cancels.length > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(JSON.parse(cancels[0]!.body).params.requestId).toBe(requestId);
  });

  it("no progress: the idle timeout ends it outcome_unknown with a cancel notification", async () => {
    const { body, route } = await testCall("progress", "progress-none");
    expect(body).toMatchObject({ outcome: "outcome_unknown", code: "mcp.call_timeout" });
    expect(body.message).toContain("neither an answer nor progress for 1.5 s");
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      if ((await recorded("mcp-hostile", route)).some((r) => r.rpcMethod === "notifications/cancelled")) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("no notifications/cancelled was sent");
  });
});

describe("empty nextCursor", () => {
  it('"" on the only page ends the list with a diagnostic instead of failing the server', async () => {
    const { url } = tagged("empty-cursor");
    const { user, id } = await activeServer(url);
    const { status, body } = await discover(user, id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.tools.map((t: any) => t.nativeName)).toEqual(["only-page"]);
    expect(body.diagnostics).toContainEqual(expect.objectContaining({ code: "mcp.discovery_cursor_empty" }));
  });

  it('"" after a real page keeps both pages', async () => {
    const { url } = tagged("empty-cursor-paged");
    const { user, id } = await activeServer(url);
    const { body } = await discover(user, id);
    expect(body.tools.map((t: any) => t.nativeName)).toEqual(["first", "second"]);
  });

  it("a repeated non-empty cursor is still mcp.discovery_cursor_cycle", async () => {
    const { url } = tagged("endless-cursor");
    const { user, id } = await activeServer(url);
    const { status, body } = await discover(user, id);
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_cursor_cycle");
  });
});

describe("401 at start-up", () => {
  it("says once, plainly, that the server requires credentials and that they go in a header", async () => {
    const { url } = tagged("unauthorized");
    const { user, id } = await activeServer(url);
    const { body } = await discover(user, id);
    expect(body.error.code).toBe("mcp.discovery_initialize_failed");
    expect(body.error.message).toBe(
      "The MCP server could not be started: the server requires credentials (HTTP 401); add them as a header of this registration, for example Authorization: Bearer <token>.",
    );
  });

  it("with headers already set, it says those credentials were not accepted", async () => {
    const { url } = tagged("unauthorized");
    const { user, id } = await activeServer(url, { headers: { Authorization: "Bearer wrong" } });
    const { body } = await discover(user, id);
    expect(body.error.message).toContain("did not accept the credentials in this registration's headers (HTTP 401)");
    expect(body.error.message).not.toContain("wrong");
  });
});
