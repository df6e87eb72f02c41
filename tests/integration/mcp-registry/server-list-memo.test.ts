/**
 * `GET /api/v1/mcp/servers` answers memoized JSON text (docs/decisions/3150). Each test reads the
 * list twice (filling the memo), changes what it was built from — a registration through the API,
 * a stored row behind the service's back (same revision), a row made unreadable, a catalog stored,
 * a registration removed — and reads the new value.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { SqlMcpCatalogStore } from "../../../src/adapters/storage/mcp-catalog-store";
import { secretCipher } from "../../../src/composition/secrets";
import { apiJson, createUser } from "../helpers";
import { createServer, rawRows, spaceStub } from "./registry-helpers";

const list = async (token: string) => apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 });

describe("the memoized server list sees every change", () => {
  it("a change through the API and a row changed behind the service", async () => {
    const { userId, deviceToken: token } = await createUser();
    const server = await createServer(token, { displayName: "alpha", endpoint: "https://alpha.example/mcp" });
    const first = await list(token);
    expect(first.servers.map((s: { displayName: string }) => s.displayName)).toEqual(["alpha"]);
    expect(await list(token)).toEqual(first);

    await apiJson(`/api/v1/mcp/servers/${server.id}/state`, { token, body: { state: "active" }, expectStatus: 200 });
    expect((await list(token)).servers[0].state).toBe("active");

    const [row] = await rawRows(userId, "SELECT document FROM te_mcp_registrations WHERE id = ?", server.id);
    const renamed = JSON.stringify({ ...JSON.parse(String(row!.document)), displayName: "beta" });
    await rawRows(userId, "UPDATE te_mcp_registrations SET document = ? WHERE id = ?", renamed, server.id);
    const behind = await list(token);
    expect(behind.servers[0].displayName).toBe("beta");
    expect(behind.servers[0].revision).toBe(first.servers[0].revision + 1);

    await rawRows(userId, "UPDATE te_mcp_registrations SET document = ? WHERE id = ?", "{not json", server.id);
    const broken = await list(token);
    expect(broken.servers).toEqual([]);
    expect(broken.storageIssues.map((i: { registrationId: string }) => i.registrationId)).toEqual([server.id]);
  });

  it("a stored catalog, a new registration and a removal", async () => {
    const { userId, deviceToken: token } = await createUser();
    const endpoint = "https://gamma.example/mcp";
    const server = await createServer(token, { displayName: "gamma", endpoint });
    expect((await list(token)).servers[0].negotiatedProtocolVersion).toBeUndefined();
    await list(token);
    await runInDurableObject(spaceStub(userId), async (instance: UserSpace) => {
      const space = instance.space();
      new SqlMcpCatalogStore(space.storage).write({
        registrationId: server.id,
        endpointDigest: await secretCipher(space).digest(endpoint),
        fetchedAt: Date.parse("2026-12-01T10:00:00.000Z"),
        catalog: { protocolVersion: "2025-11-25", serverName: "g", serverVersion: "1", diagnostics: [], tools: [] },
      });
    });
    const withCatalog = (await list(token)).servers[0];
    expect(withCatalog.negotiatedProtocolVersion).toBe("2025-11-25");
    expect(withCatalog.fetchedAt).toBe("2026-12-01T10:00:00.000Z");

    const other = await createServer(token, { displayName: "delta", endpoint: "https://delta.example/mcp" });
    expect((await list(token)).servers.map((s: { id: string }) => s.id)).toEqual([server.id, other.id]);
    await apiJson(`/api/v1/mcp/servers/${server.id}`, { method: "DELETE", token, expectStatus: 200 });
    expect((await list(token)).servers.map((s: { id: string }) => s.id)).toEqual([other.id]);
  });
});
