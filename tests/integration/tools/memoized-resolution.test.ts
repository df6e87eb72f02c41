/**
 * The memoized read paths of the tool system (docs/decisions/3100) see every change of what they
 * memoize: a registration changed through the API, a stored row changed behind the service's back
 * (same revision), a connection change that drops the catalog, a new catalog stored, and headers
 * re-sealed (a catalog object replaced in memory: tests/unit/tools/resolver-memo.test.ts). Each test reads once (filling the memos), changes the record, reads again.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { SqlMcpCatalogStore } from "../../../src/adapters/storage/mcp-catalog-store";
import { secretCipher } from "../../../src/composition/secrets";
import type { McpDiscoveredCatalog } from "../../../src/domain/mcp/discovered-catalog";
import { apiJson, createUser } from "../helpers";
import { createServer, rawRows, spaceStub, toolPath } from "../mcp-registry/registry-helpers";

function catalog(names: string[], description = "Finds things."): McpDiscoveredCatalog {
  return {
    protocolVersion: "2025-11-25",
    serverName: "memo",
    serverVersion: "1.0.0",
    diagnostics: [],
    tools: [...names].sort().map((nativeName) => ({
      nativeName,
      title: null,
      description: `${nativeName}: ${description}`,
      outputSchema: null,
      annotations: {},
      inputSchema: { type: "object", properties: { q: { type: "string" } } },
    })),
  };
}

/** Stores `snapshot` as the registration's catalog, as a discovery would (SQLite, then memory via readCached). */
async function storeCatalog(userId: string, id: string, endpoint: string, snapshot: McpDiscoveredCatalog) {
  await runInDurableObject(spaceStub(userId), async (instance: UserSpace) => {
    const space = instance.space();
    new SqlMcpCatalogStore(space.storage).write({
      registrationId: id,
      endpointDigest: await secretCipher(space).digest(endpoint),
      fetchedAt: Date.now(),
      catalog: snapshot,
    });
  });
}

/** An active server with tools `names` all Allowed and a cached catalog. */
async function activeServer(token: string, userId: string, name: string, names: string[]) {
  const endpoint = `https://${name}.example/mcp`;
  const server = await createServer(token, { displayName: name, endpoint });
  for (const tool of names)
    await apiJson(toolPath(server.id, tool, "permission"), {
      method: "PUT",
      token,
      body: { permission: "allow" },
      expectStatus: 200,
    });
  await apiJson(`/api/v1/mcp/servers/${server.id}/state`, { token, body: { state: "active" }, expectStatus: 200 });
  await storeCatalog(userId, server.id, endpoint, catalog(names));
  return server.id as string;
}

const modelTools = (token: string, query = "") =>
  apiJson(`/api/v1/mcp/model-tools${query}`, { token, expectStatus: 200 });

describe("memoized model-tool resolution sees every change", () => {
  it("permission and description override changes through the API", async () => {
    const { userId, deviceToken: token } = await createUser();
    const id = await activeServer(token, userId, "alpha", ["find", "fetch"]);
    const first = await modelTools(token);
    expect(first.tools.map((t: { alias: string }) => t.alias)).toEqual(["mcp__alpha__fetch", "mcp__alpha__find"]);
    expect(await modelTools(token)).toEqual(first);

    await apiJson(toolPath(id, "fetch", "permission"), {
      method: "PUT",
      token,
      body: { permission: "off" },
      expectStatus: 200,
    });
    expect((await modelTools(token)).tools.map((t: { alias: string }) => t.alias)).toEqual(["mcp__alpha__find"]);

    await apiJson(toolPath(id, "find", "description-override"), {
      method: "PUT",
      token,
      body: { override: { description: "Searches the notes." } },
      expectStatus: 200,
    });
    expect((await modelTools(token)).tools[0].description).toBe("Searches the notes.");
  });

  it("a stored row changed behind the service (same revision), then made unreadable", async () => {
    const { userId, deviceToken: token } = await createUser();
    const id = await activeServer(token, userId, "beta", ["find"]);
    expect((await modelTools(token)).tools[0].alias).toBe("mcp__beta__find");
    const [row] = await rawRows(userId, "SELECT document FROM te_mcp_registrations WHERE id = ?", id);
    const renamed = JSON.stringify({ ...JSON.parse(String(row!.document)), displayName: "gamma" });
    await rawRows(userId, "UPDATE te_mcp_registrations SET document = ? WHERE id = ?", renamed, id);
    expect((await modelTools(token)).tools[0].alias).toBe("mcp__gamma__find");
    expect((await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 })).servers[0].displayName).toBe("gamma");

    await rawRows(userId, "UPDATE te_mcp_registrations SET document = ? WHERE id = ?", "{not json", id);
    const broken = await modelTools(token);
    expect(broken.tools).toEqual([]);
    expect(broken.diagnostics).toEqual([
      { code: "mcp.registration_storage_issue", message: expect.stringContaining(id) },
    ]);
  });

  it("a connection change drops the catalog; a new catalog is seen once published", async () => {
    const { userId, deviceToken: token } = await createUser();
    const id = await activeServer(token, userId, "delta", ["find"]);
    const before = await modelTools(token, "");
    expect(before.tools).toHaveLength(1);
    const server = (await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 })).servers[0];
    await apiJson(`/api/v1/mcp/servers/${id}`, {
      method: "PUT",
      token,
      body: {
        displayName: "delta",
        endpoint: "https://delta-2.example/mcp",
        headers: {},
        protocolVersion: server.protocolVersion,
      },
      expectStatus: 200,
    });
    const dropped = await modelTools(token);
    expect(dropped.tools).toEqual([]);
    expect(dropped.diagnostics.map((d: { code: string }) => d.code)).toEqual(["mcp.catalog_not_cached"]);

    await storeCatalog(userId, id, "https://delta-2.example/mcp", catalog(["find", "look"], "New text."));
    const fresh = await modelTools(token);
    expect(fresh.tools.map((t: { description: string }) => t.description)).toEqual(["find: New text."]);
  });

  it("server views and connections follow re-sealed headers", async () => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, {
      displayName: "zeta",
      endpoint: "https://zeta.example/mcp",
      headers: { "X-Api-Key": "first-key-0001" },
    });
    expect((await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 })).servers[0].headers).toEqual({
      "X-Api-Key": "first-key-0001",
    });
    await apiJson(`/api/v1/mcp/servers/${server.id}`, {
      method: "PUT",
      token,
      body: {
        displayName: "zeta",
        endpoint: "https://zeta.example/mcp",
        headers: { "X-Api-Key": "second-key-0002" },
        protocolVersion: "auto",
      },
      expectStatus: 200,
    });
    expect((await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 })).servers[0].headers).toEqual({
      "X-Api-Key": "second-key-0002",
    });
  });
});
