/**
 * The built-in default-writer (docs/spec/profiles.md, docs/spec/tool-system.md §5, docs/decisions/1300), the
 * model binding rules, the export sanitizer and the health rules.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_WRITER_TOOL_POLICY } from "../../../src/application/tools/invocation-tools";
import { builtinAgentToolSpecs } from "../../../src/domain/profiles/agent-tool-specs";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import { profileHealth } from "../../../src/domain/profiles/health";
import { portableProfile, resolveModelBinding } from "../../../src/domain/profiles/model-binding";
import { toResolvedAgentProfile } from "../../../src/domain/profiles/resolved";
import { readProfile } from "../../../src/domain/profiles/validate";
import { BUILTIN_TOOL_IDS } from "../../../src/domain/tools/builtin-descriptors";

describe("default-writer", () => {
  it("is a valid strict v3 profile", () => {
    expect(readProfile(JSON.parse(JSON.stringify(defaultWriterDefinition())))).toEqual(defaultWriterDefinition());
  });

  it("allows the 14 builtin tools then mcp:*, exactly the tool-system default policy", () => {
    const { tools } = defaultWriterDefinition();
    expect(tools.allow).toEqual([...BUILTIN_TOOL_IDS, "mcp:*"]);
    expect(tools.allow).toEqual(DEFAULT_WRITER_TOOL_POLICY.allow);
    expect(tools.maxCallsPerRun).toBe(DEFAULT_WRITER_TOOL_POLICY.maxCallsPerRun);
    expect(tools).toMatchObject({ maxRounds: 80, mcpResultInlineCharLimit: 50_000, deny: [] });
  });

  it("projects onto the loop's ResolvedAgentProfile", () => {
    expect(toResolvedAgentProfile(defaultWriterDefinition(), "builtin")).toMatchObject({
      id: "default-writer",
      source: "builtin",
      presentation: "foreground",
      messageBodyPath: "output/main.md",
      agentSystemPrompt: null,
      model: { mode: "currentPromptSnapshot" },
      modelRetry: { maxRetries: 3, intervalMs: 3000 },
      tools: { maxRounds: 80, maxCallsPerRun: 80, mcpResultInlineCharLimit: 50_000 },
    });
  });

  it("is healthy", () => {
    expect(profileHealth(defaultWriterDefinition())).toEqual({
      profileId: "default-writer",
      previewAvailable: true,
      promptAssemblyAvailable: true,
      directRunAvailable: true,
      subAgentAvailable: false,
      handoffTargetAvailable: false,
      diagnostics: [],
      delegationNotes: [
        {
          reason: "notCallable",
          roles: ["subAgent", "handoffTarget"],
          path: "$.delegation.callable",
          message: "Other agents cannot call this profile: delegation.callable is off.",
        },
      ],
    });
  });
});

describe("model binding (hosted)", () => {
  const snapshot = { mode: "currentPromptSnapshot" } as const;
  const ref = { mode: "connectionRef", connectionRef: "conn_a", modelId: "gpt-4.1-mini" } as const;

  it("currentPromptSnapshot: the request's connection, else the user's default", () => {
    expect(resolveModelBinding("p", snapshot, "conn_req")).toEqual({ source: "request", connectionId: "conn_req" });
    expect(resolveModelBinding("p", snapshot)).toEqual({ source: "default", connectionId: undefined });
  });

  it("connectionRef: the profile's connection and model unless the request names one", () => {
    expect(resolveModelBinding("p", ref)).toEqual({
      source: "profile",
      connectionId: "conn_a",
      modelId: "gpt-4.1-mini",
    });
    expect(resolveModelBinding("p", ref, "conn_req")).toEqual({ source: "request", connectionId: "conn_req" });
  });

  it("requiresConfiguration never runs", () => {
    expect(() => resolveModelBinding("p", { mode: "requiresConfiguration" }, "conn_req")).toThrow(
      expect.objectContaining({ code: "agent.profile_model_requires_configuration" }),
    );
  });

  it("export replaces a connection binding with requiresConfiguration and keeps snapshot bindings", () => {
    const bound = { ...defaultWriterDefinition(), id: "bound", model: { ...ref } };
    expect(portableProfile(bound).model).toEqual({ mode: "requiresConfiguration" });
    expect(bound.model).toEqual(ref);
    expect(portableProfile(defaultWriterDefinition()).model).toEqual(snapshot);
  });
});

describe("health", () => {
  const bound = () => ({
    ...defaultWriterDefinition(),
    id: "bound",
    model: { mode: "connectionRef" as const, connectionRef: "conn_gone", modelId: "m" },
  });

  it("a missing connection blocks direct runs and subagents, not preview or prompt assembly", () => {
    const health = profileHealth(bound(), "missing");
    expect(health).toMatchObject({ previewAvailable: true, promptAssemblyAvailable: true, directRunAvailable: false });
    expect(health.diagnostics).toEqual([
      expect.objectContaining({
        code: "agent.profile_model_connection_missing",
        path: "$.model.connectionRef",
        resource: { kind: "llmConnection", id: "conn_gone", modelId: "m" },
        blocks: ["directRun", "subAgent"],
      }),
    ]);
  });

  it("an unusable key is agent.profile_model_connection_invalid; requiresConfiguration and preset refs are reported", () => {
    expect(profileHealth(bound(), "invalid").diagnostics[0]!.code).toBe("agent.profile_model_connection_invalid");
    const unconfigured = { ...defaultWriterDefinition(), id: "u", model: { mode: "requiresConfiguration" as const } };
    expect(profileHealth(unconfigured).diagnostics.map((d) => d.code)).toEqual([
      "agent.profile_model_requires_configuration",
    ]);
    const preset = {
      ...defaultWriterDefinition(),
      id: "p",
      preset: { mode: "ref" as const, ref: { apiId: "openai", name: "Writer" }, required: true },
    };
    const health = profileHealth(preset);
    expect(health.diagnostics.map((d) => d.code)).toEqual(["agent.profile_preset_missing"]);
    expect(health.promptAssemblyAvailable).toBe(false);
  });
});

describe("GET /agent/tools specs", () => {
  it("lists the 14 builtin tools with canonical names, model names and object schemas", () => {
    const specs = builtinAgentToolSpecs();
    expect(specs).toHaveLength(14);
    expect(specs[0]).toMatchObject({
      name: "chat.search",
      toolId: "builtin:chat.search",
      modelName: "chat_search",
      source: "builtin",
      inputSchema: { type: "object" },
    });
    specs[0]!.inputSchema.type = "mutated";
    expect(builtinAgentToolSpecs()[0]!.inputSchema.type).toBe("object");
  });
});
