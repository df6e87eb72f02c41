import { describe, expect, it } from "vitest";
import { BUILTIN_TOOL_IDS } from "../../../src/domain/tools/builtin-descriptors";
import {
  MCP_WILDCARD,
  compileInvocationToolSnapshot,
  type ResolvedMcpTool,
} from "../../../src/domain/tools/snapshot-compiler";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const mcp = (
  registrationId: string,
  server: string,
  name: string,
  extra: Partial<ResolvedMcpTool["descriptor"]> = {},
): ResolvedMcpTool => ({
  registrationId,
  serverDisplayName: server,
  permission: "allow",
  descriptor: {
    id: `mcp/${registrationId}:${name}`,
    description: `raw ${name}`,
    inputSchema: { type: "object", properties: { q: { type: "string" } } },
    annotations: {},
    ...extra,
  },
});
// resolver order: display name case-insensitive, then ToolId
const RESOLVED = [
  mcp(A, "my server", "issue.create"),
  mcp(B, "my.server", "issue_create"),
  mcp(B, "my.server", "search"),
];

describe("compileInvocationToolSnapshot (docs/spec/tool-system.md §1, §4.2, docs/spec/tool-system.md §5)", () => {
  it("binds in tools.allow order, expands mcp:* in place, reserves builtin aliases first", () => {
    const { snapshot, diagnostics } = compileInvocationToolSnapshot({
      snapshotId: "inv_root",
      policy: {
        allow: ["builtin:dice.roll", MCP_WILDCARD, "builtin:workspace.finish"],
        maxCallsPerRun: 80,
        maxCallsPerTool: { "builtin:dice.roll": 3, [`mcp/${B}:search`]: 2 },
      },
      mcpTools: RESOLVED,
    });
    expect(diagnostics).toEqual([]);
    expect(snapshot.maxCallsPerInvocation).toBe(80);
    expect(snapshot.bindings.map((b) => [b.descriptor.id, b.modelAlias, b.maxCalls])).toEqual([
      ["builtin:dice.roll", "dice_roll", 3],
      [`mcp/${A}:issue.create`, "mcp__my_server__issue_create", undefined],
      [`mcp/${B}:issue_create`, "mcp__my_server__issue_create__2", undefined],
      [`mcp/${B}:search`, "mcp__my_server__search", 2],
      ["builtin:workspace.finish", "workspace_finish", undefined],
    ]);
  });

  it("explicit MCP ToolIds bind at their position; denied and unresolved ones are skipped; duplicates bind once", () => {
    const { snapshot } = compileInvocationToolSnapshot({
      snapshotId: "inv_root",
      policy: {
        allow: [`mcp/${B}:search`, "builtin:chat.search", `mcp/${A}:missing`, MCP_WILDCARD, "builtin:chat.search"],
        deny: [`mcp/${A}:issue.create`],
        maxCallsPerRun: 5,
      },
      mcpTools: RESOLVED,
    });
    expect(snapshot.bindings.map((b) => b.descriptor.id)).toEqual([
      `mcp/${B}:search`,
      "builtin:chat.search",
      `mcp/${B}:issue_create`,
    ]);
  });

  it("builtin tools outside the scope are skipped", () => {
    const { snapshot } = compileInvocationToolSnapshot({
      snapshotId: "inv_child",
      policy: { allow: [...BUILTIN_TOOL_IDS], maxCallsPerRun: 5 },
      mcpTools: [],
      availableBuiltins: new Set(["workspace.read_file"]),
    });
    expect(snapshot.bindings.map((b) => b.modelAlias)).toEqual(["workspace_read_file"]);
  });

  it("profile toolDescriptions win over the registration text; a bad profile override drops an MCP tool", () => {
    const registrationApplied = mcp(A, "srv", "search", { description: "registration text" });
    const broken = mcp(A, "srv", "flat", { inputSchema: { type: "object" } });
    const { snapshot, diagnostics } = compileInvocationToolSnapshot({
      snapshotId: "inv_root",
      policy: {
        allow: [MCP_WILDCARD, "builtin:dice.roll"],
        toolDescriptions: {
          [`mcp/${A}:search`]: { properties: { q: "profile q" } },
          [`mcp/${A}:flat`]: { properties: { q: "nope" } },
          "builtin:dice.roll": { description: "Roll for initiative." },
        },
        maxCallsPerRun: 5,
      },
      mcpTools: [broken, registrationApplied],
    });
    expect(snapshot.bindings.map((b) => b.descriptor.id)).toEqual([`mcp/${A}:search`, "builtin:dice.roll"]);
    const search = snapshot.bindings[0]!.descriptor;
    expect(search.description).toBe("registration text");
    expect((search.inputSchema.properties as any).q.description).toBe("profile q");
    expect(snapshot.bindings[1]!.descriptor.description).toBe("Roll for initiative.");
    expect(diagnostics).toEqual([
      {
        toolId: `mcp/${A}:flat`,
        code: "mcp.tool_description_override_invalid",
        message: expect.stringContaining("flat"),
      },
    ]);
    expect(registrationApplied.descriptor.inputSchema).toEqual({
      type: "object",
      properties: { q: { type: "string" } },
    });
  });

  it("denying mcp:* binds no wildcard tools", () => {
    const { snapshot } = compileInvocationToolSnapshot({
      snapshotId: "x",
      policy: { allow: [MCP_WILDCARD], deny: [MCP_WILDCARD], maxCallsPerRun: 1 },
      mcpTools: RESOLVED,
    });
    expect(snapshot.bindings).toEqual([]);
  });
});
