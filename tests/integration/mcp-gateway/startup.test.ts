/**
 * Start-up rules (docs/spec/mcp-platform.md §6, §12): the one extra fresh-client legacy `initialize` after
 * JSON-RPC -32000, and the (shortened) lifecycle / list timeouts.
 */
import { describe, expect, it } from "vitest";
import { api } from "../helpers";
import { activeServer, discover, hostileUrl, recorded } from "./gateway-helpers";

describe("start-up", () => {
  it("after JSON-RPC -32000 on start-up, exactly one fresh client retries with a plain legacy initialize", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("init-32000", tag));
    const { status, body } = await discover(user, id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.tools.map((t: any) => t.nativeName)).toEqual(["after-retry"]);
    const methods = (await recorded("mcp-hostile", `/h/init-32000/${tag}`)).map((r) => r.rpcMethod).filter(Boolean);
    expect(methods.filter((m) => m === "initialize")).toHaveLength(2);
    expect(methods.filter((m) => m === "server/discover")).toHaveLength(1); // the retry skips the probe
  });

  it("a server that never answers start-up fails with mcp.discovery_initialize_timeout", async () => {
    const { user, id } = await activeServer(hostileUrl("hang-start", crypto.randomUUID()));
    const { status, body } = await discover(user, id);
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_initialize_timeout");
  });

  it("a tools/list page that never answers fails with mcp.discovery_list_timeout", async () => {
    const { user, id } = await activeServer(hostileUrl("hang-list", crypto.randomUUID()));
    const { status, body } = await discover(user, id);
    expect(status).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_list_timeout");
  });

  it("a test call to a server that never starts is NotSent mcp.call_initialize_timeout", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(hostileUrl("hang-start", tag));
    const response = await api(`/api/v1/mcp/servers/${id}/tools/anything/test-call`, {
      method: "POST",
      token: user.deviceToken,
      body: { argumentsJson: "{}" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "not_sent", code: "mcp.call_initialize_timeout" });
    expect((await recorded("mcp-hostile", `/h/hang-start/${tag}`)).map((r) => r.rpcMethod)).not.toContain("tools/call");
  });
});
