import { describe, expect, it } from "vitest";
import { DEFAULT_WRITER_TOOL_POLICY, prepareInvocationTools } from "../../../src/application/tools/invocation-tools";
import { ModelToolResolver } from "../../../src/application/tools/model-tool-resolver";
import { chatGenerationModelTools, modelToolsView } from "../../../src/application/tools/model-tools-view";
import type { ProfileToolPolicy } from "../../../src/domain/tools/snapshot-compiler";
import { FakeCatalogs, FakeRegistrations, REG_A, REG_B, registration, tool } from "./fakes";

function resolver() {
  const registrations = new FakeRegistrations([
    registration(REG_A, "my server", {
      toolPermissions: { "issue.create": "allow", search: "ask" },
      toolDescriptionOverrides: { search: { description: "registration text", properties: { q: "registration q" } } },
    }),
    registration(REG_B, "my.server", { toolPermissions: { issue_create: "allow" } }),
  ]);
  return new ModelToolResolver(
    registrations,
    new FakeCatalogs({
      [REG_A]: [tool("issue.create", { description: null, title: "Create issue" }), tool("search")],
      [REG_B]: [tool("issue_create", { description: null })],
    }),
  );
}

const profiles = (policies: Record<string, ProfileToolPolicy>) => ({
  toolPolicy: async (profileId: string) => policies[profileId] ?? null,
});

describe("model-tools view (docs/spec/tool-system.md §6)", () => {
  it("chat generation: docs/spec/tool-system.md §4.1 aliases in binding order, description falls back to title then name", async () => {
    const view = await chatGenerationModelTools(resolver(), ["mcp__my_server__issue_create"]);
    expect(view.tools.map((t) => [t.toolId, t.alias, t.description])).toEqual([
      [`mcp/${REG_A}:issue.create`, "mcp__my_server__issue_create__2", "Create issue"],
      [`mcp/${REG_A}:search`, "mcp__my_server__search", "registration text"],
      [`mcp/${REG_B}:issue_create`, "mcp__my_server__issue_create__3", "issue_create"],
    ]);
    expect(view.diagnostics).toEqual([]);
  });

  it("with a profile: builtin + mcp:* bindings with docs/spec/tool-system.md §4.2 aliases, profile description over registration", async () => {
    const policy: ProfileToolPolicy = {
      allow: ["builtin:workspace.read_file", "mcp:*", "builtin:workspace.finish"],
      toolDescriptions: { [`mcp/${REG_A}:search`]: { properties: { q: "profile q" } } },
      maxCallsPerRun: 20,
    };
    const view = await modelToolsView(resolver(), profiles({ mine: policy }), "mine");
    expect(view.tools.map((t) => [t.toolId, t.alias])).toEqual([
      ["builtin:workspace.read_file", "workspace_read_file"],
      [`mcp/${REG_A}:issue.create`, "mcp__my_server__issue_create"],
      [`mcp/${REG_A}:search`, "mcp__my_server__search"],
      [`mcp/${REG_B}:issue_create`, "mcp__my_server__issue_create__2"],
      ["builtin:workspace.finish", "workspace_finish"],
    ]);
    const search = view.tools[2]!;
    expect(search.description).toBe("registration text");
    expect((search.inputSchema.properties as any).q.description).toBe("profile q");
  });

  it("unknown profile → agent.profile_not_found", async () => {
    await expect(modelToolsView(resolver(), profiles({}), "ghost")).rejects.toMatchObject({
      code: "agent.profile_not_found",
    });
  });

  it("default-writer binds the 14 builtin tools then every permitted MCP tool", async () => {
    const { snapshot, diagnostics } = await prepareInvocationTools(resolver(), DEFAULT_WRITER_TOOL_POLICY, "inv_root");
    expect(snapshot.id).toBe("inv_root");
    expect(snapshot.maxCallsPerInvocation).toBe(80);
    expect(snapshot.bindings).toHaveLength(17);
    expect(snapshot.bindings.slice(14).map((b) => b.modelAlias)).toEqual([
      "mcp__my_server__issue_create",
      "mcp__my_server__search",
      "mcp__my_server__issue_create__2",
    ]);
    expect(diagnostics).toEqual([]);
  });
});
