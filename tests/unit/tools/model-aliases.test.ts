import { describe, expect, it } from "vitest";
import {
  MAX_MODEL_ALIAS_BYTES,
  agentBaseAlias,
  allocateAgentAlias,
  allocateLegacyAliases,
  compareLegacyBindingOrder,
  fitLegacyAlias,
  normalizeAgentSegment,
  normalizeLegacySegment,
} from "../../../src/domain/tools/model-aliases";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("segment normalization (docs/spec/tool-system.md §4.1 / docs/spec/tool-system.md §4.2)", () => {
  it.each([
    ["my server", "my_server"],
    ["my.server", "my_server"],
    ["issue.create", "issue_create"],
    ["files/read", "files_read"],
    ["a__b", "a_b"],
    ["--x--", "--x--"],
    ["__lead", "lead"],
    ["trail!!", "trail"],
    ["  spaced  out  ", "spaced_out"],
    ["a b.c/d:e", "a_b_c_d_e"],
    ["Ω-tool", "-tool"],
    ["日本語", "<fallback>"],
    ["...", "<fallback>"],
    ["", "<fallback>"],
    ["😀x😀", "x"],
  ])("%j → %j (both rules agree)", (input, expected) => {
    expect(normalizeLegacySegment(input, "<fallback>")).toBe(expected);
    expect(normalizeAgentSegment(input, "<fallback>")).toBe(expected);
  });
});

describe("docs/spec/tool-system.md §4.1 legacy allocation (chat generation rounds)", () => {
  it("the contract's worked example: a local tool takes the plain alias", () => {
    const subjects = [
      { serverDisplayName: "my server", nativeName: "issue.create" },
      { serverDisplayName: "my.server", nativeName: "issue_create" },
    ];
    expect(allocateLegacyAliases(subjects, new Set(["mcp__my_server__issue_create"]))).toEqual([
      "mcp__my_server__issue_create__2",
      "mcp__my_server__issue_create__3",
    ]);
    expect(allocateLegacyAliases(subjects)).toEqual([
      "mcp__my_server__issue_create",
      "mcp__my_server__issue_create__2",
    ]);
  });

  it.each([
    ["short names kept whole", "srv", "read", "", "mcp__srv__read"],
    [
      "long both: server 20, tool the rest",
      "s".repeat(30),
      "t".repeat(50),
      "",
      `mcp__${"s".repeat(20)}__${"t".repeat(37)}`,
    ],
    ["long both with suffix", "s".repeat(30), "t".repeat(50), "__2", `mcp__${"s".repeat(20)}__${"t".repeat(34)}__2`],
    ["short server, long tool", "gh", "x".repeat(100), "", `mcp__gh__${"x".repeat(55)}`],
    ["long server, short tool: server takes back", "s".repeat(100), "get", "", `mcp__${"s".repeat(54)}__get`],
    ["long server, short tool, suffix", "s".repeat(100), "get", "__2", `mcp__${"s".repeat(51)}__get__2`],
  ])("fit: %s", (_label, server, tool, suffix, expected) => {
    const alias = fitLegacyAlias(server, tool, suffix);
    expect(alias).toBe(expected);
    expect(bytes(alias)).toBeLessThanOrEqual(MAX_MODEL_ALIAS_BYTES);
  });

  it("same display name on two servers, and names that normalize alike on one server", () => {
    expect(
      allocateLegacyAliases([
        { serverDisplayName: "Files", nativeName: "read" },
        { serverDisplayName: "Files", nativeName: "read" },
        { serverDisplayName: "Files", nativeName: "read.me" },
        { serverDisplayName: "Files", nativeName: "read me" },
      ]),
    ).toEqual(["mcp__Files__read", "mcp__Files__read__2", "mcp__Files__read_me", "mcp__Files__read_me__2"]);
  });

  it("very long colliding names stay ≤ 64 bytes and unique", () => {
    const subjects = Array.from({ length: 12 }, () => ({
      serverDisplayName: "A very long server display name indeed",
      nativeName: "an.extremely.long.tool.name.that.goes.on.and.on.forever",
    }));
    const aliases = allocateLegacyAliases(subjects);
    expect(new Set(aliases).size).toBe(12);
    for (const alias of aliases) expect(bytes(alias)).toBeLessThanOrEqual(64);
    expect(aliases[11]).toMatch(/__12$/);
  });

  it("binding order: display name case-insensitive, then ToolId", () => {
    const rows = [
      { serverDisplayName: "beta", toolId: "mcp/b:x" },
      { serverDisplayName: "Alpha", toolId: "mcp/z:b" },
      { serverDisplayName: "alpha", toolId: "mcp/a:c" },
    ];
    expect([...rows].sort(compareLegacyBindingOrder).map((row) => row.toolId)).toEqual([
      "mcp/a:c",
      "mcp/z:b",
      "mcp/b:x",
    ]);
  });
});

describe("docs/spec/tool-system.md §4.2 agent allocation (invocation snapshots)", () => {
  it.each([
    ["my server", "issue.create", "mcp__my_server__issue_create"],
    ["s".repeat(30), "t".repeat(50), `mcp__${"s".repeat(20)}__${"t".repeat(37)}`],
    ["s".repeat(100), "get", `mcp__${"s".repeat(54)}__get`],
    ["検索サーバー", "検索", "mcp__server__tool"],
  ])("base(%j, %j)", (server, tool, expected) => {
    expect(agentBaseAlias(server, tool)).toBe(expected);
  });

  it("suffix truncates the whole base (differs from docs/spec/tool-system.md §4.1 fitting)", () => {
    const used = new Set<string>();
    const subject = { serverDisplayName: "s".repeat(100), nativeName: "get" };
    expect(allocateAgentAlias(subject, used)).toBe(`mcp__${"s".repeat(54)}__get`);
    const second = allocateAgentAlias(subject, used);
    expect(second).toBe(`mcp__${"s".repeat(54)}____2`);
    expect(bytes(second)).toBe(64);
    // docs/spec/tool-system.md §4.1 would keep the tool segment and shorten the server instead
    expect(fitLegacyAlias("s".repeat(100), "get", "__2")).toBe(`mcp__${"s".repeat(51)}__get__2`);
  });

  it("an alias already taken (reserved) gets the next ordinal", () => {
    const used = new Set(["workspace_read_file", "task_return", "mcp__srv__a_b"]);
    expect(allocateAgentAlias({ serverDisplayName: "srv", nativeName: "a.b" }, used)).toBe("mcp__srv__a_b__2");
    expect(allocateAgentAlias({ serverDisplayName: "srv", nativeName: "a b" }, used)).toBe("mcp__srv__a_b__3");
    expect(used.has("mcp__srv__a_b__3")).toBe(true);
  });

  it("600 identical names get ordinals 1..600 (first unused ordinal each time)", () => {
    const used = new Set<string>(["mcp__srv__x__3"]);
    const aliases = Array.from({ length: 600 }, () =>
      allocateAgentAlias({ serverDisplayName: "srv", nativeName: "x" }, used),
    );
    expect(aliases.slice(0, 4)).toEqual(["mcp__srv__x", "mcp__srv__x__2", "mcp__srv__x__4", "mcp__srv__x__5"]);
    expect(aliases.at(-1)).toBe("mcp__srv__x__601");
    expect(new Set(aliases).size).toBe(600);
    const legacy = allocateLegacyAliases(
      Array.from({ length: 600 }, () => ({ serverDisplayName: "srv", nativeName: "x" })),
      new Set(["mcp__srv__x__2"]),
    );
    expect(legacy.slice(0, 3)).toEqual(["mcp__srv__x", "mcp__srv__x__3", "mcp__srv__x__4"]);
    expect(legacy.at(-1)).toBe("mcp__srv__x__601");
  });

  it("many long names stay unique and ≤ 64 bytes", () => {
    const used = new Set<string>();
    const aliases = Array.from({ length: 15 }, () =>
      allocateAgentAlias({ serverDisplayName: "x".repeat(90), nativeName: "y".repeat(90) }, used),
    );
    expect(new Set(aliases).size).toBe(15);
    for (const alias of aliases) expect(bytes(alias)).toBeLessThanOrEqual(64);
  });
});
