/**
 * Catalog snapshots (docs/spec/mcp-platform.md §7, §8): SQLite header + tool rows, validation on read,
 * persistence failure → memory-only, read-time permission projection, cached-only reads.
 */
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { mcpCatalogCache } from "../../../src/composition/mcp-catalog";
import { apiJson } from "../helpers";
import { activeServer, discover, hostileUrl, modernUrl, rawSql, recorded, spaceStub } from "./gateway-helpers";

describe("catalog snapshots", () => {
  it("projects permissions and staleTools at read time", async () => {
    const { user, id } = await activeServer(hostileUrl("duplicates", crypto.randomUUID()));
    await apiJson(`/api/v1/mcp/servers/${id}/tools/alpha/permission`, {
      method: "PUT",
      token: user.deviceToken,
      body: { permission: "ask" },
      expectStatus: 200,
    });
    await apiJson(`/api/v1/mcp/servers/${id}/tools/ghost/permission`, {
      method: "PUT",
      token: user.deviceToken,
      body: { permission: "allow" },
      expectStatus: 200,
    });
    const { body } = await discover(user, id);
    expect(body.tools.map((t: any) => [t.nativeName, t.permission])).toEqual([
      ["alpha", "ask"],
      ["beta", "off"],
    ]);
    expect(body.staleTools).toEqual([{ nativeName: "ghost", permission: "allow" }]);
    const rows = await rawSql(user.userId, "SELECT document FROM te_mcp_catalog_tools WHERE registration_id = ?", id);
    expect(rows.map((r) => String(r.document)).join("")).not.toContain("permission");
  });

  it("a failed snapshot write still publishes memory-only with mcp.catalog_persistence_failed", async () => {
    const { user, id } = await activeServer(hostileUrl("duplicates", crypto.randomUUID()));
    await rawSql(user.userId, "ALTER TABLE te_mcp_catalog_tools RENAME TO te_mcp_catalog_tools_gone");
    const { status, body } = await discover(user, id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.tools.map((t: any) => t.nativeName)).toEqual(["alpha", "beta"]);
    expect(body.diagnostics).toContainEqual(expect.objectContaining({ code: "mcp.catalog_persistence_failed" }));
    expect(await rawSql(user.userId, "SELECT * FROM te_mcp_catalogs WHERE registration_id = ?", id)).toEqual([]);
    const again = await discover(user, id);
    expect(again.body.tools).toEqual(body.tools); // the memory copy serves
    await rawSql(user.userId, "ALTER TABLE te_mcp_catalog_tools_gone RENAME TO te_mcp_catalog_tools");
  });

  for (const [label, mutate, code] of [
    [
      "corrupt JSON",
      "UPDATE te_mcp_catalogs SET document = '{not json' WHERE registration_id = ?",
      "mcp.catalog_snapshot_invalid",
    ],
    [
      "unknown schema",
      "UPDATE te_mcp_catalogs SET document = json_set(document, '$.schemaVersion', 2) WHERE registration_id = ?",
      "mcp.catalog_schema_unsupported",
    ],
    [
      "wrong kind",
      "UPDATE te_mcp_catalogs SET document = json_set(document, '$.kind', 'other') WHERE registration_id = ?",
      "mcp.catalog_kind_invalid",
    ],
    [
      "another registration",
      "UPDATE te_mcp_catalogs SET document = json_set(document, '$.registrationId', 'x') WHERE registration_id = ?",
      "mcp.catalog_registration_mismatch",
    ],
    [
      "another endpoint",
      "UPDATE te_mcp_catalogs SET document = json_set(document, '$.endpointDigest', printf('%064d', 0)) WHERE registration_id = ?",
      "mcp.catalog_endpoint_mismatch",
    ],
    [
      "a missing tool row",
      "DELETE FROM te_mcp_catalog_tools WHERE registration_id = ? AND position = 0",
      "mcp.catalog_snapshot_invalid",
    ],
    [
      "an unknown field",
      "UPDATE te_mcp_catalogs SET document = json_set(document, '$.extra', 1) WHERE registration_id = ?",
      "mcp.catalog_snapshot_invalid",
    ],
  ] as const) {
    it(`${label}: discover fails with ${code}, cached reads report it, refresh replaces the snapshot`, async () => {
      const { user, id } = await activeServer(hostileUrl("duplicates", crypto.randomUUID()));
      expect((await discover(user, id)).status).toBe(200);
      await rawSql(user.userId, mutate, id);
      await abortAllDurableObjects();
      const failed = await discover(user, id);
      expect(failed.status).toBe(400);
      expect(failed.body.error.code).toBe(code);
      const cached = await runInDurableObject(spaceStub(user.userId), (instance: UserSpace) =>
        mcpCatalogCache(instance.space()).readCached(id),
      );
      expect(cached).toMatchObject({ status: "invalid", code });
      const refreshed = await discover(user, id, "refresh");
      expect(refreshed.status).toBe(200);
      await abortAllDurableObjects();
      expect((await discover(user, id)).status).toBe(200);
    });
  }

  it("cached-only reads never touch the network", async () => {
    const tag = crypto.randomUUID();
    const { user, id } = await activeServer(modernUrl(tag));
    const before = await runInDurableObject(spaceStub(user.userId), (instance: UserSpace) =>
      mcpCatalogCache(instance.space()).readCached(id),
    );
    expect(before).toEqual({ status: "missing" });
    expect(await recorded("mcp-modern", `/mcp/${tag}`)).toEqual([]);
    await discover(user, id);
    await abortAllDurableObjects();
    const after = await runInDurableObject(spaceStub(user.userId), (instance: UserSpace) =>
      mcpCatalogCache(instance.space()).readCached(id),
    );
    expect(after).toMatchObject({
      status: "cached",
      catalog: { protocolVersion: "2026-07-28" },
      era: { kind: "modern" },
    });
    expect((after as any).catalog.tools.map((t: any) => t.nativeName)).toEqual(["echo", "get-forecast"]);
    expect((await recorded("mcp-modern", `/mcp/${tag}`)).length).toBe(2);
  });

  it("changing the endpoint drops the snapshot and the memory copy; a rename keeps them", async () => {
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    const { user, id } = await activeServer(modernUrl(first));
    await discover(user, id);
    await apiJson(`/api/v1/mcp/servers/${id}`, {
      method: "PUT",
      token: user.deviceToken,
      body: { displayName: "Renamed", endpoint: modernUrl(first), headers: {}, protocolVersion: "auto" },
      expectStatus: 200,
    });
    await discover(user, id);
    expect((await recorded("mcp-modern", `/mcp/${first}`)).length).toBe(2);
    await apiJson(`/api/v1/mcp/servers/${id}`, {
      method: "PUT",
      token: user.deviceToken,
      body: { displayName: "Renamed", endpoint: modernUrl(second), headers: {}, protocolVersion: "auto" },
      expectStatus: 200,
    });
    const { status } = await discover(user, id);
    expect(status).toBe(200);
    expect((await recorded("mcp-modern", `/mcp/${second}`)).map((r) => r.rpcMethod)).toEqual([
      "server/discover",
      "tools/list",
    ]);
  });
});
