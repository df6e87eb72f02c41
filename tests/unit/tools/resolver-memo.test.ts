/**
 * ModelToolResolver's memo (docs/decisions/3100): an unchanged registration summary and catalog
 * object give the very same resolution; a replaced catalog object, a replaced summary (permission,
 * override, display name, state) or a registration that disappears gives the new answer at once.
 */
import { describe, expect, it } from "vitest";
import { ModelToolResolver } from "../../../src/application/tools/model-tool-resolver";
import { modelToolsJson } from "../../../src/application/tools/model-tools-view";
import type { McpDiscoveredCatalog } from "../../../src/domain/mcp/discovered-catalog";
import type { CachedCatalogRead, CatalogCache } from "../../../src/ports/catalog-cache";
import type { ToolRegistrationSummary } from "../../../src/ports/tool-registrations";
import { REG_A, REG_B, registration, tool } from "./fakes";

/** Registrations and catalogs that hand back the same objects until a test replaces them (as the real ones do). */
class StableSources implements CatalogCache {
  summaries_: ToolRegistrationSummary[] = [];
  catalogs = new Map<string, McpDiscoveredCatalog>();
  reads = 0;
  summaries() {
    return { registrations: this.summaries_, issues: [] };
  }
  async lookupForConnection() {
    return { status: "missing" as const };
  }
  async readCached(id: string): Promise<CachedCatalogRead> {
    this.reads += 1;
    const catalog = this.catalogs.get(id);
    return catalog ? { status: "cached", catalog } : { status: "missing" };
  }
}

const catalog = (names: string[], description = "raw"): McpDiscoveredCatalog => ({
  protocolVersion: "2025-11-25",
  serverName: null,
  serverVersion: null,
  diagnostics: [],
  tools: names.map((name) => tool(name, { description: `${description} ${name}` })),
});

function setup() {
  const sources = new StableSources();
  sources.summaries_ = [
    registration(REG_A, "alpha", { toolPermissions: { find: "allow", look: "ask" } }),
    registration(REG_B, "beta", { toolPermissions: { find: "allow" } }),
  ];
  sources.catalogs.set(REG_A, catalog(["find", "look"]));
  sources.catalogs.set(REG_B, catalog(["find"]));
  return { sources, resolver: new ModelToolResolver(sources, sources) };
}

const described = async (resolver: ModelToolResolver) =>
  (await resolver.listPermitted()).tools.map(
    (t) => `${t.serverDisplayName}:${t.descriptor.description}:${t.permission}`,
  );

describe("ModelToolResolver memo", () => {
  it("answers the same frozen resolution (and JSON text) while nothing changed, still asking the catalog cache", async () => {
    const { sources, resolver } = setup();
    const first = await resolver.listPermitted();
    const reads = sources.reads;
    expect(await resolver.listPermitted()).toBe(first);
    expect(sources.reads).toBe(reads + 2);
    expect(Object.isFrozen(first.tools)).toBe(true);
    const profiles = { toolPolicy: async () => null };
    expect(await modelToolsJson(resolver, profiles)).toBe(await modelToolsJson(resolver, profiles));
  });

  it("a replaced catalog object changes the projected descriptors", async () => {
    const { sources, resolver } = setup();
    expect(await described(resolver)).toEqual(["alpha:raw find:allow", "alpha:raw look:ask", "beta:raw find:allow"]);
    sources.catalogs.set(REG_B, catalog(["find"], "new"));
    expect(await described(resolver)).toEqual(["alpha:raw find:allow", "alpha:raw look:ask", "beta:new find:allow"]);
  });

  it("a replaced summary (permission, override, name, state) or a removed registration changes the answer", async () => {
    const { sources, resolver } = setup();
    const profiles = { toolPolicy: async () => null };
    const before = await modelToolsJson(resolver, profiles);
    sources.summaries_ = [
      registration(REG_A, "alpha", {
        toolPermissions: { find: "ask" },
        toolDescriptionOverrides: { find: { description: "overridden" } },
      }),
      sources.summaries_[1]!,
    ];
    expect(await described(resolver)).toEqual(["alpha:overridden:ask", "beta:raw find:allow"]);
    expect(await modelToolsJson(resolver, profiles)).not.toBe(before);
    sources.summaries_ = [
      sources.summaries_[0]!,
      registration(REG_B, "Aardvark", { toolPermissions: { find: "allow" } }),
    ];
    expect(await described(resolver)).toEqual(["Aardvark:raw find:allow", "alpha:overridden:ask"]);
    sources.summaries_ = [registration(REG_A, "alpha", { state: "paused", toolPermissions: { find: "allow" } })];
    expect(await described(resolver)).toEqual([]);
    expect(JSON.parse(await modelToolsJson(resolver, profiles)).tools).toEqual([]);
  });
});
