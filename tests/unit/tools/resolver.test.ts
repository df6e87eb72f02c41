import { describe, expect, it } from "vitest";
import { ModelToolResolver } from "../../../src/application/tools/model-tool-resolver";
import { FakeCatalogs, FakeRegistrations, REG_A, REG_B, REG_C, registration, tool } from "./fakes";

const id = (reg: string, name: string) => `mcp/${reg}:${name}`;
const codes = (diagnostics: Array<{ toolId?: string; code: string }>) =>
  diagnostics.map((d) => [d.toolId ?? null, d.code]);

describe("cached-only model-tool resolver (docs/spec/mcp-platform.md §4, §8)", () => {
  it("lists Ask/Allow tools of active servers in docs/spec/tool-system.md §4.1 order; paused and permission-less servers are never read", async () => {
    const registrations = new FakeRegistrations([
      registration(REG_A, "zeta", { toolPermissions: { search: "allow", fetch: "ask" } }),
      registration(REG_B, "Alpha", { toolPermissions: { read: "allow" }, state: "paused" }),
      registration(REG_C, "alpha", {}),
    ]);
    const catalogs = new FakeCatalogs({
      [REG_A]: [tool("fetch"), tool("search"), tool("off-tool")],
      [REG_B]: [tool("read")],
      [REG_C]: [tool("x")],
    });
    const resolution = await new ModelToolResolver(registrations, catalogs).listPermitted();
    expect(catalogs.reads).toEqual([REG_A]);
    expect(resolution.tools.map((t) => [t.descriptor.id, t.permission, t.serverDisplayName])).toEqual([
      [id(REG_A, "fetch"), "ask", "zeta"],
      [id(REG_A, "search"), "allow", "zeta"],
    ]);
    expect(resolution.diagnostics).toEqual([]);
  });

  it("a cache miss or an invalid snapshot is a diagnostic while another server still resolves", async () => {
    const registrations = new FakeRegistrations([
      registration(REG_A, "missing", { toolPermissions: { a: "allow" } }),
      registration(REG_B, "broken", { toolPermissions: { b: "allow" } }),
      registration(REG_C, "healthy", { toolPermissions: { c: "allow", gone: "ask" } }),
    ]);
    registrations.issues = [
      {
        registrationId: "44444444-4444-4444-8444-444444444444",
        fileName: "44444444-4444-4444-8444-444444444444",
        message: "unknown field",
      },
    ];
    const catalogs = new FakeCatalogs({
      [REG_B]: { status: "invalid", code: "mcp.catalog_endpoint_mismatch", message: "endpoint changed" },
      [REG_C]: [tool("c")],
    });
    const resolution = await new ModelToolResolver(registrations, catalogs).listPermitted();
    expect(resolution.tools.map((t) => t.descriptor.id)).toEqual([id(REG_C, "c")]);
    expect(codes(resolution.diagnostics)).toEqual([
      [null, "mcp.registration_storage_issue"],
      [null, "mcp.catalog_not_cached"],
      [null, "mcp.catalog_snapshot_invalid"],
      [id(REG_C, "gone"), "mcp.tool_not_in_cached_catalog"],
    ]);
    expect(resolution.diagnostics[1]!.message).toContain('"missing"');
  });

  it("non-object input schema roots and invalid registration overrides drop only that tool", async () => {
    const registrations = new FakeRegistrations([
      registration(REG_A, "srv", {
        toolPermissions: { arr: "allow", good: "allow", bad: "allow" },
        toolDescriptionOverrides: {
          good: { description: "mine", properties: { q: "my q" } },
          bad: { properties: { nope: "x" } },
        },
      }),
    ]);
    const catalogs = new FakeCatalogs({
      [REG_A]: [tool("arr", { inputSchema: { type: "array" } }), tool("bad"), tool("good")],
    });
    const resolution = await new ModelToolResolver(registrations, catalogs).listPermitted();
    expect(resolution.tools.map((t) => t.descriptor.id)).toEqual([id(REG_A, "good")]);
    const good = resolution.tools[0]!.descriptor;
    expect(good.description).toBe("mine");
    expect((good.inputSchema.properties as any).q.description).toBe("my q");
    expect(codes(resolution.diagnostics)).toEqual([
      [id(REG_A, "arr"), "mcp.model_input_schema_unsupported"],
      [id(REG_A, "bad"), "mcp.tool_description_override_invalid"],
    ]);
    expect(resolution.diagnostics[1]!.message).toContain("tool.description_override_unknown_property");
  });

  it("the catalog's raw descriptor is never mutated by an override", async () => {
    const raw = tool("good");
    const registrations = new FakeRegistrations([
      registration(REG_A, "srv", {
        toolPermissions: { good: "allow" },
        toolDescriptionOverrides: { good: { properties: { q: "mine" } } },
      }),
    ]);
    await new ModelToolResolver(registrations, new FakeCatalogs({ [REG_A]: [raw] })).listPermitted();
    expect((raw.inputSchema.properties as any).q.description).toBe("raw q");
  });

  it("selected ToolIds resolve in order with a diagnostic per unusable one", async () => {
    const registrations = new FakeRegistrations([
      registration(REG_A, "srv", { toolPermissions: { a: "allow", b: "ask", stale: "allow" } }),
      registration(REG_B, "paused", { state: "paused", toolPermissions: { p: "allow" } }),
    ]);
    registrations.issues = [{ registrationId: REG_C, fileName: REG_C, message: "bad row" }];
    const catalogs = new FakeCatalogs({ [REG_A]: [tool("a"), tool("b"), tool("off")] });
    const resolution = await new ModelToolResolver(registrations, catalogs).resolveSelected([
      id(REG_A, "b"),
      id(REG_A, "a"),
      id(REG_A, "off"),
      id(REG_A, "stale"),
      id(REG_B, "p"),
      id(REG_C, "x"),
      id("55555555-5555-4555-8555-555555555555", "x"),
      "builtin:dice.roll",
    ]);
    expect(resolution.tools.map((t) => t.descriptor.id)).toEqual([id(REG_A, "b"), id(REG_A, "a")]);
    expect(codes(resolution.diagnostics)).toEqual([
      [id(REG_A, "off"), "mcp.tool_permission_off"],
      [id(REG_A, "stale"), "mcp.tool_not_in_cached_catalog"],
      [id(REG_B, "p"), "mcp.server_paused"],
      [id(REG_C, "x"), "mcp.registration_storage_issue"],
      [id("55555555-5555-4555-8555-555555555555", "x"), "mcp.registration_not_found"],
      ["builtin:dice.roll", "mcp.tool_provider_invalid"],
    ]);
    expect(catalogs.reads).toEqual([REG_A]);
  });

  it("mcp:* expands to every permitted tool; explicit ToolIds outside it are still diagnosed", async () => {
    const registrations = new FakeRegistrations([
      registration(REG_A, "b-server", { toolPermissions: { one: "allow" } }),
      registration(REG_B, "a-server", { toolPermissions: { two: "ask" } }),
      registration(REG_C, "c-server", { state: "paused", toolPermissions: { three: "allow" } }),
    ]);
    const catalogs = new FakeCatalogs({ [REG_A]: [tool("one")], [REG_B]: [tool("two")], [REG_C]: [tool("three")] });
    const resolver = new ModelToolResolver(registrations, catalogs);
    const all = await resolver.resolveForPolicy(["builtin:chat.search", "mcp:*", id(REG_C, "three")]);
    expect(all.tools.map((t) => t.descriptor.id)).toEqual([id(REG_B, "two"), id(REG_A, "one")]);
    expect(codes(all.diagnostics)).toEqual([[id(REG_C, "three"), "mcp.server_paused"]]);
    expect(catalogs.reads).not.toContain(REG_C);
    const explicitOnly = await resolver.resolveForPolicy([id(REG_A, "one"), "mcp:*"], ["mcp:*"]);
    expect(explicitOnly.tools.map((t) => t.descriptor.id)).toEqual([id(REG_A, "one")]);
  });
});
