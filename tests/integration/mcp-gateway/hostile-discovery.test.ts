/**
 * Hostile fixture servers (docs/spec/mcp-platform.md §9, §12): redirects, limits, cursor cycles, per-tool
 * isolation, missing capability, 401 — each a real loopback server (tests/peers/mcp).
 */
import { describe, expect, it } from "vitest";
import { activeServer, discover, hostileUrl, peers, plantHeaders, recorded } from "./gateway-helpers";

async function discoverScenario(scenario: string, tag = crypto.randomUUID()) {
  const { user, id } = await activeServer(hostileUrl(scenario, tag));
  return { ...(await discover(user, id)), tag, user, id };
}

describe("hostile servers during discovery", () => {
  it("a same-origin 307 is not followed and its target sees no request", async () => {
    const { status, body } = await discoverScenario("redirect-same");
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_initialize_failed");
    expect(body.error.message).toContain("307");
    expect(body.error.message).toContain("/h/redirect-target");
    expect(await recorded("mcp-hostile", "/h/redirect-target")).toEqual([]);
  });

  it("a cross-origin 307 is not followed, its target sees no request, and Location userinfo is redacted", async () => {
    const { status, body } = await discoverScenario("redirect-cross");
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_initialize_failed");
    expect(body.error.message).toContain(`http://***@${new URL(peers()["mcp-hostile-cross"]!).host}/h/redirect-target`);
    expect(body.error.message).not.toContain("hunter2");
    expect(await recorded("mcp-hostile-cross", "/h/redirect-target")).toEqual([]); // one recorder serves both origins
  });

  it("600 tools over many pages fail the whole discovery with mcp.discovery_tool_limit", async () => {
    const { status, body } = await discoverScenario("many-tools");
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_tool_limit");
  });

  it("more than 32 pages fail with mcp.discovery_page_limit", async () => {
    const { status, body } = await discoverScenario("many-pages");
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_page_limit");
  });

  it("a never-ending cursor fails with mcp.discovery_cursor_cycle after one repeat", async () => {
    const { status, body, tag } = await discoverScenario("endless-cursor");
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_cursor_cycle");
    const lists = (await recorded("mcp-hostile", `/h/endless-cursor/${tag}`)).filter(
      (r) => r.rpcMethod === "tools/list",
    );
    expect(lists).toHaveLength(2);
  });

  it("duplicate names drop the whole same-name group; the others survive", async () => {
    const { status, body } = await discoverScenario("duplicates");
    expect(status).toBe(200);
    expect(body.tools.map((t: any) => t.nativeName)).toEqual(["alpha", "beta"]);
    expect(body.diagnostics).toEqual([
      { code: "mcp.tool_duplicate_name", nativeName: "twin", message: expect.stringContaining("twin") },
    ]);
  });

  it("a schema that does not compile (or needs a remote $ref) drops only that tool; a bad output schema only loses the field", async () => {
    const { status, body } = await discoverScenario("bad-schema");
    expect(status).toBe(200);
    expect(body.tools.map((t: any) => t.nativeName)).toEqual(["bad-output", "good-one", "good-two"]);
    expect(body.tools[0].outputSchema).toBeUndefined();
    const codes = Object.fromEntries(body.diagnostics.map((d: any) => [d.nativeName, d.code]));
    expect(codes).toEqual({
      "bad-type": "mcp.tool_input_schema_invalid",
      "remote-ref": "mcp.tool_input_schema_invalid",
      "bad-output": "mcp.tool_output_schema_invalid",
    });
    expect(body.diagnostics.find((d: any) => d.nativeName === "remote-ref").message).toContain("remote");
  });

  it("a 300 KiB tool is dropped with mcp.tool_size_limit", async () => {
    const { status, body } = await discoverScenario("big-tool");
    expect(status).toBe(200);
    expect(body.tools.map((t: any) => t.nativeName)).toEqual(["small"]);
    expect(body.diagnostics).toEqual([
      expect.objectContaining({ code: "mcp.tool_size_limit", nativeName: "huge-description" }),
    ]);
  });

  it("a server without the tools capability yields an empty catalog without calling tools/list", async () => {
    const { status, body, tag } = await discoverScenario("no-tools");
    expect(status).toBe(200);
    expect(body.tools).toEqual([]);
    const methods = (await recorded("mcp-hostile", `/h/no-tools/${tag}`)).map((r) => r.rpcMethod).filter(Boolean);
    expect(methods).not.toContain("tools/list");
  });

  it("401 on start fails with mcp.discovery_initialize_failed naming the status", async () => {
    const { status, body } = await discoverScenario("unauthorized");
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_initialize_failed");
    expect(body.error.message).toContain("401");
  });
});

describe("registration headers are checked before anything is sent", () => {
  // Since ADR 0394 bad headers are refused when saved (tests/integration/mcp-registry/save-checks);
  // rows saved before that still reach the gateway, so they are planted here directly.
  for (const [headers, code] of [
    [{ "Bad Name": "x" }, "mcp.header_name_invalid"],
    [{ "X-Token": "a\nb" }, "mcp.header_value_invalid"],
    [{ "Mcp-Session-Id": "s" }, "mcp.header_reserved"],
    [{ "mcp-param-region": "eu" }, "mcp.header_reserved"],
    [{ Accept: "text/plain" }, "mcp.header_reserved"],
  ] as const) {
    it(`${Object.keys(headers)[0]} (stored before save-time checks) → ${code}`, async () => {
      const tag = crypto.randomUUID();
      const { user, id } = await activeServer(hostileUrl("duplicates", tag));
      await plantHeaders(user.userId, id, hostileUrl("duplicates", tag), headers);
      const { status, body } = await discover(user, id);
      expect(status).toBe(400);
      expect(body.error.code).toBe(code);
      expect(JSON.stringify(body)).not.toContain("a\\nb");
      expect(await recorded("mcp-hostile", `/h/duplicates/${tag}`)).toEqual([]);
    });
  }

  it("custom headers and endpoint userinfo reach the server (userinfo as Basic credentials)", async () => {
    const tag = crypto.randomUUID();
    const url = new URL(hostileUrl("duplicates", tag));
    url.username = "alice";
    url.password = "s3cret";
    const { user, id } = await activeServer(url.href, { headers: { "X-Api-Key": "k-123" } });
    expect((await discover(user, id)).status).toBe(200);
    const first = (await recorded("mcp-hostile", `/h/duplicates/${tag}`))[0]!;
    expect(first.headers["x-api-key"]).toBe("k-123");
    expect(first.headers.authorization).toBe(`Basic ${btoa("alice:s3cret")}`);
  });
});
