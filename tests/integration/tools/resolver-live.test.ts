/**
 * The tool system against a real MCP server on loopback (the v2 "modern" peer): discovery through
 * the catalog feature, then cached-only resolution (no request reaches the server) and the
 * send-time recheck before a real call.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { permittedToolCaller } from "../../../src/composition/tools";
import { apiJson } from "../helpers";
import { activeServer, discover, modernUrl, recorded, spaceStub } from "../mcp-gateway/gateway-helpers";

async function setPermission(token: string, id: string, name: string, permission: "off" | "ask" | "allow") {
  await apiJson(`/api/v1/mcp/servers/${id}/tools/${encodeURIComponent(name)}/permission`, {
    method: "PUT",
    token,
    body: { permission },
    expectStatus: 200,
  });
}

describe("model tools from a discovered server", () => {
  it("resolves only Ask/Allow tools, cached-only, with docs/spec/tool-system.md §4.1 aliases and the registration override", async () => {
    const { user, id } = await activeServer(modernUrl());
    const token = user.deviceToken;
    expect((await discover(user, id)).status).toBe(200);
    await setPermission(token, id, "echo", "allow");
    await setPermission(token, id, "get-forecast", "ask");
    await setPermission(token, id, "vanished", "allow");
    await apiJson(`/api/v1/mcp/servers/${id}/tools/echo/description-override`, {
      method: "PUT",
      token,
      body: { override: { description: "Repeat what you are told.", properties: { message: "Text to repeat." } } },
      expectStatus: 200,
    });
    const before = (await recorded("mcp-modern", "/mcp")).length;

    const view = await apiJson("/api/v1/mcp/model-tools", { token, expectStatus: 200 });
    expect(view.tools.map((t: any) => [t.toolId, t.alias])).toEqual([
      [`mcp/${id}:echo`, "mcp__Peer__echo"],
      [`mcp/${id}:get-forecast`, "mcp__Peer__get-forecast"],
    ]);
    expect(view.tools[0].description).toBe("Repeat what you are told.");
    expect(view.tools[0].inputSchema.properties.message.description).toBe("Text to repeat.");
    expect(view.diagnostics.map((d: any) => [d.toolId ?? null, d.code])).toEqual(
      expect.arrayContaining([
        [`mcp/${id}:vanished`, "mcp.tool_not_in_cached_catalog"],
        [`mcp/${id}:bad-header`, expect.stringMatching(/^mcp\./)],
      ]),
    );

    const agent = await apiJson("/api/v1/mcp/model-tools?profileId=default-writer", { token, expectStatus: 200 });
    expect(agent.tools).toHaveLength(16);
    expect(agent.tools.slice(14).map((t: any) => t.alias)).toEqual(["mcp__Peer__echo", "mcp__Peer__get-forecast"]);
    expect((await recorded("mcp-modern", "/mcp")).length).toBe(before);

    await apiJson(`/api/v1/mcp/servers/${id}/state`, { token, body: { state: "paused" }, expectStatus: 200 });
    const paused = await apiJson("/api/v1/mcp/model-tools", { token, expectStatus: 200 });
    expect(paused.tools).toEqual([]);
  });

  it("callPermittedTool rechecks at send time, then calls the server", async () => {
    const { user, id } = await activeServer(modernUrl());
    const token = user.deviceToken;
    expect((await discover(user, id)).status).toBe(200);
    await setPermission(token, id, "echo", "ask");
    const call = () =>
      runInDurableObject(spaceStub(user.userId), (instance: UserSpace) =>
        permittedToolCaller(instance.space()).callPermittedTool(`mcp/${id}:echo`, { message: "hello tool system" }),
      );

    const ok = await call();
    expect(ok).toMatchObject({
      outcome: "known_response",
      response: { kind: "tool_result", result: { isError: false } },
    });
    expect(JSON.stringify(ok)).toContain("Echo: hello tool system");

    await setPermission(token, id, "echo", "off");
    const sentBefore = (await recorded("mcp-modern", "/mcp")).length;
    expect(await call()).toMatchObject({ outcome: "not_sent", issue: { code: "mcp.call_permission_off" } });
    await setPermission(token, id, "echo", "allow");
    await apiJson(`/api/v1/mcp/servers/${id}/state`, { token, body: { state: "paused" }, expectStatus: 200 });
    expect(await call()).toMatchObject({ outcome: "not_sent", issue: { code: "mcp.call_server_paused" } });
    await apiJson(`/api/v1/mcp/servers/${id}`, { method: "DELETE", token, body: {}, expectStatus: 200 });
    expect(await call()).toMatchObject({ outcome: "not_sent", issue: { code: "mcp.call_registration_not_found" } });
    expect((await recorded("mcp-modern", "/mcp")).length).toBe(sentBefore);
  });
});
