/** Server views carry the catalog's negotiated version and age even in a fresh object lifetime. */
import { abortAllDurableObjects } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiJson } from "../helpers";
import { activeServer, discover, everythingUrl } from "./gateway-helpers";

describe("server list after a restart", () => {
  it("shows negotiatedProtocolVersion and fetchedAt from the stored snapshot", async () => {
    const { user, id } = await activeServer(everythingUrl());
    const discovered = await discover(user, id);
    expect(discovered.status).toBe(200);
    await abortAllDurableObjects();
    const { servers } = await apiJson("/api/v1/mcp/servers", { token: user.deviceToken, expectStatus: 200 });
    expect(servers.find((server: any) => server.id === id)).toMatchObject({
      negotiatedProtocolVersion: "2025-11-25",
      fetchedAt: discovered.body.fetchedAt,
    });
  });
});
