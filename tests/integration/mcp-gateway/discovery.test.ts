/**
 * Discovery against real servers on loopback (docs/spec/mcp-platform.md §6, §8, §9): server-everything
 * (2025-11-25, sessionful, SSE) and a v2 server speaking 2026-07-28.
 */
import { abortAllDurableObjects } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openSocket } from "../helpers";
import { activeServer, discover, everythingUrl, modernUrl, rawSql, recorded } from "./gateway-helpers";

afterEach(() => vi.restoreAllMocks());

describe("discovery against server-everything", () => {
  it("discovers its tools on 2025-11-25, all off, with a snapshot in SQLite", async () => {
    const { user, id } = await activeServer(everythingUrl());
    const { status, body } = await discover(user, id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.registrationId).toBe(id);
    expect(body.protocolVersion).toBe("2025-11-25");
    expect(body.serverName).toBe("mcp-servers/everything");
    const names = body.tools.map((tool: any) => tool.nativeName);
    expect(names).toContain("echo");
    expect(names).toContain("get-tiny-image");
    expect(names).toEqual([...names].sort());
    const echo = body.tools.find((tool: any) => tool.nativeName === "echo");
    expect(echo).toMatchObject({ id: `mcp/${id}:echo`, permission: "off", inputSchema: { type: "object" } });
    expect(body.staleTools).toEqual([]);
    const rows = await rawSql(
      user.userId,
      "SELECT tool_count, document FROM te_mcp_catalogs WHERE registration_id = ?",
      id,
    );
    expect(rows[0]!.tool_count).toBe(body.tools.length);
    expect(String(rows[0]!.document)).not.toContain("127.0.0.1"); // bound to an HMAC digest, not the endpoint
  });

  it("serves the snapshot after the object restarts without any network request", async () => {
    const { user, id } = await activeServer(everythingUrl());
    const first = await discover(user, id);
    expect(first.status).toBe(200);
    await abortAllDurableObjects();
    const spy = vi.spyOn(globalThis, "fetch");
    const again = await discover(user, id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.tools).toEqual(first.body.tools);
    expect(again.body.fetchedAt).toBe(first.body.fetchedAt);
    expect(
      spy.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes(new URL(everythingUrl()).host),
      ),
    ).toHaveLength(0);
  });

  it("refresh goes to the network, replaces the snapshot and broadcasts mcp.catalog_changed", async () => {
    const { user, id } = await activeServer(everythingUrl());
    const first = await discover(user, id);
    const socket = await openSocket(user.deviceToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await discover(user, id, "refresh");
    expect(refreshed.status).toBe(200);
    expect(Date.parse(refreshed.body.fetchedAt)).toBeGreaterThan(Date.parse(first.body.fetchedAt));
    const frame = await socket.waitFor((f) => f.type === "mcp.catalog_changed");
    expect(frame).toEqual({ type: "mcp.catalog_changed", registrationId: id, fetchedAt: refreshed.body.fetchedAt });
    socket.ws.close();
  });

  it("a fixed 2025-06-18 preference negotiates exactly that version", async () => {
    const { user, id } = await activeServer(everythingUrl(), { protocolVersion: "2025-06-18" });
    const { status, body } = await discover(user, id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.protocolVersion).toBe("2025-06-18");
    expect(body.tools.length).toBeGreaterThan(5);
  });

  it("a paused server is refused before any cache or network", async () => {
    const { user, id } = await activeServer(everythingUrl());
    await discover(user, id);
    const { apiJson } = await import("../helpers");
    await apiJson(`/api/v1/mcp/servers/${id}/state`, {
      token: user.deviceToken,
      body: { state: "paused" },
      expectStatus: 200,
    });
    for (const verb of ["discover", "refresh"] as const) {
      const { status, body } = await discover(user, id, verb);
      expect(status).toBe(400);
      expect(body.error.code).toBe("mcp.server_paused");
    }
  });
});

describe("discovery against a v2 server on 2026-07-28", () => {
  it("negotiates 2026-07-28, keeps a valid x-mcp-header tool and excludes an invalid marking with a diagnostic", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(modernUrl(tag));
    const { status, body } = await discover(user, id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.protocolVersion).toBe("2026-07-28");
    expect(body.tools.map((tool: any) => tool.nativeName)).toEqual(["echo", "get-forecast"]);
    expect(body.tools[1].inputSchema.properties.region["x-mcp-header"]).toBe("Region");
    expect(body.diagnostics).toEqual([
      expect.objectContaining({ code: "mcp.tool_header_marking_invalid", nativeName: "bad-header" }),
    ]);
    const methods = (await recorded("mcp-modern", `/mcp/${tag}`)).map((r) => r.rpcMethod);
    expect(methods).toEqual(["server/discover", "tools/list"]);
  });

  it("refresh reuses the cached DiscoverResult as prior: no second server/discover", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(modernUrl(tag));
    await discover(user, id);
    const refreshed = await discover(user, id, "refresh");
    expect(refreshed.status).toBe(200);
    const methods = (await recorded("mcp-modern", `/mcp/${tag}`)).map((r) => r.rpcMethod);
    expect(methods).toEqual(["server/discover", "tools/list", "tools/list"]);
  });

  it("a 2026-07-28 preference pins the modern era", async () => {
    const { user, id } = await activeServer(modernUrl(crypto.randomUUID()), { protocolVersion: "2026-07-28" });
    const { status, body } = await discover(user, id);
    expect(status).toBe(200);
    expect(body.protocolVersion).toBe("2026-07-28");
  });

  it("pinning 2026-07-28 against a legacy server fails start-up", async () => {
    const { user, id } = await activeServer(everythingUrl(), { protocolVersion: "2026-07-28" });
    const { status, body } = await discover(user, id);
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_initialize_failed");
  });
});
