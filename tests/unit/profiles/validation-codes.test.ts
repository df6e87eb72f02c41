/**
 * Every Agent Profile validation code of docs/spec/profiles.md, table-driven: each row mutates a
 * valid v3 profile in one way and expects exactly that code. A last test checks that the table
 * covers every code in PROFILE_VALIDATION_CODES.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/domain/errors";
import { PROFILE_VALIDATION_CODES, type ProfileValidationCode } from "../../../src/domain/profiles/codes";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import { DEFAULT_PROFILE_TOOL_CATALOG, type ProfileToolCatalog } from "../../../src/domain/profiles/tool-catalog";
import { readProfile, validateProfile } from "../../../src/domain/profiles/validate";

type Doc = Record<string, any>;
const MCP_ID = "mcp/550e8400-e29b-41d4-a716-446655440000:search.web";

/** A valid user profile (default-writer's shape under another id), as plain JSON. */
function base(): Doc {
  return JSON.parse(JSON.stringify({ ...defaultWriterDefinition(), id: "tester", displayName: "Tester" }));
}

/** A catalog whose chat.search descriptor is replaced by `inputSchema`. */
function catalogWith(inputSchema: Record<string, unknown>): ProfileToolCatalog {
  return {
    isKnownBuiltin: DEFAULT_PROFILE_TOOL_CATALOG.isKnownBuiltin,
    descriptor: (id) =>
      id === "builtin:chat.search" ? { id, inputSchema, annotations: {} } : DEFAULT_PROFILE_TOOL_CATALOG.descriptor(id),
  };
}

interface Row {
  code: ProfileValidationCode;
  why: string;
  edit: (doc: Doc) => void;
  catalog?: ProfileToolCatalog;
}

const artifact = (over: Doc = {}) => ({
  id: "main",
  path: "output/main.md",
  kind: "markdown",
  target: "messageBody",
  ...over,
});

const ROWS: Row[] = [
  {
    code: "agent.profile_contract_invalid",
    why: "unknown top-level field",
    edit: (d) => {
      d.extra = 1;
    },
  },
  {
    code: "agent.profile_contract_invalid",
    why: "tools.allow is not an array",
    edit: (d) => {
      d.tools.allow = "builtin:chat.search";
    },
  },
  {
    code: "agent.profile_contract_invalid",
    why: "required tools.maxRounds missing",
    edit: (d) => {
      delete d.tools.maxRounds;
    },
  },
  {
    code: "agent.profile_contract_invalid",
    why: "unknown nested field",
    edit: (d) => {
      d.run.modelRetry.jitter = true;
    },
  },
  {
    code: "agent.profile_schema_unsupported",
    why: "schemaVersion 4",
    edit: (d) => {
      d.schemaVersion = 4;
    },
  },
  {
    code: "agent.profile_schema_unsupported",
    why: "v2 is never read strictly (only migrated on import/load)",
    edit: (d) => {
      d.schemaVersion = 2;
    },
  },
  {
    code: "agent.profile_kind_invalid",
    why: "wrong kind",
    edit: (d) => {
      d.kind = "sillytavern.preset";
    },
  },
  {
    code: "agent.profile_id_empty",
    why: "blank id",
    edit: (d) => {
      d.id = "   ";
    },
  },
  {
    code: "agent.profile_id_too_long",
    why: "129 chars",
    edit: (d) => {
      d.id = "a".repeat(129);
    },
  },
  {
    code: "agent.profile_id_invalid",
    why: "uppercase and space",
    edit: (d) => {
      d.id = "Writer One";
    },
  },
  {
    code: "agent.profile_display_name_required",
    why: "blank displayName",
    edit: (d) => {
      d.displayName = "  ";
    },
  },
  {
    code: "agent.profile_preset_ref_required",
    why: "ref mode without ref",
    edit: (d) => {
      d.preset = { mode: "ref" };
    },
  },
  {
    code: "agent.profile_preset_api_invalid",
    why: "unknown api id",
    edit: (d) => {
      d.preset = { mode: "ref", ref: { apiId: "bogus", name: "x" } };
    },
  },
  {
    code: "agent.profile_preset_api_unsupported",
    why: "text-completion preset",
    edit: (d) => {
      d.preset = { mode: "ref", ref: { apiId: "kobold", name: "x" } };
    },
  },
  {
    code: "agent.profile_preset_name_required",
    why: "blank preset name",
    edit: (d) => {
      d.preset = { mode: "ref", ref: { apiId: "openai", name: " " } };
    },
  },
  {
    code: "agent.profile_model_connection_ref_required",
    why: "connectionRef mode without id",
    edit: (d) => {
      d.model = { mode: "connectionRef", modelId: "gpt-4.1" };
    },
  },
  {
    code: "agent.profile_model_id_required",
    why: "connectionRef mode without modelId",
    edit: (d) => {
      d.model = { mode: "connectionRef", connectionRef: "conn_x" };
    },
  },
  {
    code: "agent.profile_model_current_snapshot_extra_fields",
    why: "snapshot mode with a connection",
    edit: (d) => {
      d.model = { mode: "currentPromptSnapshot", connectionRef: "conn_x" };
    },
  },
  {
    code: "agent.profile_model_requires_configuration_extra_fields",
    why: "requiresConfiguration with a model",
    edit: (d) => {
      d.model = { mode: "requiresConfiguration", modelId: "m" };
    },
  },
  {
    code: "agent.profile_model_retry_invalid",
    why: "retries with a 0 ms interval",
    edit: (d) => {
      d.run.modelRetry = { maxRetries: 2, intervalMs: 0 };
    },
  },
  {
    code: "agent.profile_system_prompt_empty",
    why: "blank prompt",
    edit: (d) => {
      d.instructions.agentSystemPrompt = " \n ";
    },
  },
  {
    code: "agent.plan_mode_unsupported",
    why: "plan mode free",
    edit: (d) => {
      d.plan.mode = "free";
    },
  },
  {
    code: "agent.plan_nodes_unsupported",
    why: "plan nodes",
    edit: (d) => {
      d.plan.nodes = [{ id: "a", title: "Outline", locked: false }];
    },
  },
  {
    code: "agent.profile_max_rounds_invalid",
    why: "maxRounds 0",
    edit: (d) => {
      d.tools.maxRounds = 0;
    },
  },
  {
    code: "agent.profile_max_calls_invalid",
    why: "maxCallsPerRun -1",
    edit: (d) => {
      d.tools.maxCallsPerRun = -1;
    },
  },
  {
    code: "agent.profile_mcp_result_inline_char_limit_invalid",
    why: "limit 0",
    edit: (d) => {
      d.tools.mcpResultInlineCharLimit = 0;
    },
  },
  {
    code: "agent.profile_tools_allow_duplicate",
    why: "chat.search twice",
    edit: (d) => {
      d.tools.allow.push("builtin:chat.search");
    },
  },
  {
    code: "agent.profile_tools_deny_duplicate",
    why: "dice.roll denied twice",
    edit: (d) => {
      d.tools.deny = ["builtin:dice.roll", "builtin:dice.roll"];
    },
  },
  {
    code: "agent.profile_tools_empty",
    why: "empty allow",
    edit: (d) => {
      d.tools.allow = [];
    },
  },
  {
    code: "agent.profile_unknown_tool",
    why: "bare v2 name in a v3 profile",
    edit: (d) => {
      d.tools.allow.push("chat.search");
    },
  },
  {
    code: "agent.profile_unknown_tool",
    why: "builtin that does not exist",
    edit: (d) => {
      d.tools.allow.push("builtin:shell.exec");
    },
  },
  {
    code: "agent.profile_unknown_tool",
    why: "MCP id with a non-canonical uuid",
    edit: (d) => {
      d.tools.allow.push("mcp/550E8400-E29B-41D4-A716-446655440000:x");
    },
  },
  {
    code: "agent.profile_unknown_tool",
    why: "unknown entry in deny",
    edit: (d) => {
      d.tools.deny = ["mcp:everything"];
    },
  },
  {
    code: "agent.profile_unknown_tool",
    why: "mcp:* as a toolDescriptions key",
    edit: (d) => {
      d.tools.toolDescriptions = { "mcp:*": { description: "x" } };
    },
  },
  {
    code: "agent.profile_output_writer_required",
    why: "write_file denied",
    edit: (d) => {
      d.tools.deny = ["builtin:workspace.write_file"];
    },
  },
  {
    code: "agent.profile_tool_description_invisible",
    why: "description for a denied tool",
    edit: (d) => {
      d.tools.deny = ["builtin:dice.roll"];
      d.tools.toolDescriptions = { "builtin:dice.roll": { description: "Roll." } };
    },
  },
  {
    code: "agent.profile_tool_description_invisible",
    why: "MCP tool without mcp:* or an explicit entry",
    edit: (d) => {
      d.tools.allow = d.tools.allow.filter((t: string) => t !== "mcp:*");
      d.tools.toolDescriptions = { [MCP_ID]: { description: "Search." } };
    },
  },
  {
    code: "agent.profile_tool_description_empty",
    why: "blank description",
    edit: (d) => {
      d.tools.toolDescriptions = { "builtin:chat.search": { description: " " } };
    },
  },
  {
    code: "agent.profile_tool_property_description_empty",
    why: "blank property text",
    edit: (d) => {
      d.tools.toolDescriptions = { "builtin:chat.search": { properties: { query: "" } } };
    },
  },
  {
    code: "agent.profile_unknown_tool_property",
    why: "property chat.search lacks",
    edit: (d) => {
      d.tools.toolDescriptions = { "builtin:chat.search": { properties: { nope: "x" } } };
    },
  },
  {
    code: "agent.profile_tool_properties_invalid",
    why: "descriptor without a properties object",
    edit: (d) => {
      d.tools.toolDescriptions = { "builtin:chat.search": { properties: { query: "x" } } };
    },
    catalog: catalogWith({ type: "object" }),
  },
  {
    code: "agent.profile_tool_property_schema_invalid",
    why: "descriptor property schema is not an object",
    edit: (d) => {
      d.tools.toolDescriptions = { "builtin:chat.search": { properties: { query: "x" } } };
    },
    catalog: catalogWith({ type: "object", properties: { query: true } }),
  },
  {
    code: "agent.profile_tool_budget_invisible",
    why: "budget for a denied tool",
    edit: (d) => {
      d.tools.deny = ["builtin:dice.roll"];
      d.tools.maxCallsPerTool = { "builtin:dice.roll": 2 };
    },
  },
  {
    code: "agent.profile_tool_budget_invalid",
    why: "budget 0",
    edit: (d) => {
      d.tools.maxCallsPerTool = { "builtin:chat.search": 0 };
    },
  },
  {
    code: "agent.profile_delegation_concurrency_invalid",
    why: "0 concurrent",
    edit: (d) => {
      d.delegation.maxConcurrentInvocations = 0;
    },
  },
  {
    code: "agent.profile_delegation_run_budget_invalid",
    why: "0 per run",
    edit: (d) => {
      d.delegation.maxInvocationsPerRun = 0;
    },
  },
  {
    code: "agent.profile_delegation_result_budget_invalid",
    why: "0 tokens",
    edit: (d) => {
      d.delegation.resultBudgetTokens = 0;
    },
  },
  {
    code: "agent.profile_handoff_depth_invalid",
    why: "depth 0",
    edit: (d) => {
      d.delegation.maxHandoffDepth = 0;
    },
  },
  {
    code: "agent.profile_delegation_callers_empty",
    why: "no callers",
    edit: (d) => {
      d.delegation.allowedCallers = [];
    },
  },
  {
    code: "agent.profile_id_invalid",
    why: "a caller that is not a profile id",
    edit: (d) => {
      d.delegation.allowedCallers = ["Not An Id"];
    },
  },
  {
    code: "agent.profile_delegation_description_empty",
    why: "blank descriptionForAgents",
    edit: (d) => {
      d.delegation.descriptionForAgents = " ";
    },
  },
  {
    code: "agent.profile_delegation_callable_required",
    why: "subagent without callable",
    edit: (d) => {
      d.delegation.allowAsSubagent = true;
    },
  },
  {
    code: "agent.profile_delegation_target_mode_required",
    why: "callable without a target mode",
    edit: (d) => {
      d.delegation.callable = true;
    },
  },
  {
    code: "agent.profile_agent_list_requires_delegation",
    why: "agent.list without delegation",
    edit: (d) => {
      d.tools.allow.push("builtin:agent.list");
    },
  },
  {
    code: "agent.profile_agent_delegate_requires_delegation",
    why: "agent.delegate without canDelegate",
    edit: (d) => {
      d.tools.allow.push("builtin:agent.delegate");
    },
  },
  {
    code: "agent.profile_agent_delegate_requires_delegation",
    why: "agent.await without canDelegate",
    edit: (d) => {
      d.delegation.canHandoff = true;
      d.tools.allow.push("builtin:agent.await");
    },
  },
  {
    code: "agent.profile_agent_handoff_requires_handoff",
    why: "agent.handoff without canHandoff",
    edit: (d) => {
      d.tools.allow.push("builtin:agent.handoff");
    },
  },
  {
    code: "agent.profile_task_return_runtime_only",
    why: "task.return listed",
    edit: (d) => {
      d.tools.allow.push("builtin:task.return");
    },
  },
  {
    code: "agent.profile_subagent_only_background_required",
    why: "subagent-only profile in the foreground",
    edit: (d) => {
      d.run.directRunnable = false;
      Object.assign(d.delegation, { callable: true, allowAsSubagent: true });
    },
  },
  {
    code: "agent.profile_direct_runnable_disabled_requires_delegation_target",
    why: "not runnable and not callable",
    edit: (d) => {
      d.run.directRunnable = false;
      d.run.presentation = "background";
    },
  },
  {
    code: "agent.profile_finish_required",
    why: "finish denied",
    edit: (d) => {
      d.tools.deny = ["builtin:workspace.finish"];
    },
  },
  {
    code: "agent.profile_commit_required",
    why: "commit denied in the foreground",
    edit: (d) => {
      d.tools.deny = ["builtin:workspace.commit"];
    },
  },
  {
    code: "agent.profile_skill_visible_empty",
    why: "no visible skills",
    edit: (d) => {
      d.skills.visible = [];
    },
  },
  {
    code: "agent.profile_skill_name_invalid",
    why: "bad skill name",
    edit: (d) => {
      d.skills.visible = ["Bad Name"];
    },
  },
  {
    code: "agent.profile_skill_name_invalid",
    why: "bad denied skill name",
    edit: (d) => {
      d.skills.deny = ["x/y"];
    },
  },
  {
    code: "agent.profile_skill_budget_invalid",
    why: "0 chars per call",
    edit: (d) => {
      d.skills.maxReadCharsPerCall = 0;
    },
  },
  {
    code: "agent.profile_workspace_visible_empty",
    why: "no visible root",
    edit: (d) => {
      d.workspace = { visibleRoots: [], writableRoots: [] };
    },
  },
  {
    code: "agent.profile_workspace_root_invalid",
    why: "hidden area as a root",
    edit: (d) => {
      d.workspace.visibleRoots.push("input");
    },
  },
  {
    code: "agent.profile_workspace_root_invalid",
    why: "writable but not visible",
    edit: (d) => {
      d.workspace = { visibleRoots: ["output"], writableRoots: ["output", "scratch"] };
    },
  },
  {
    code: "agent.profile_output_empty",
    why: "no artifacts",
    edit: (d) => {
      d.output.artifacts = [];
    },
  },
  {
    code: "agent.profile_artifact_id_invalid",
    why: "uppercase artifact id",
    edit: (d) => {
      d.output.artifacts = [artifact({ id: "Main" })];
    },
  },
  {
    code: "agent.profile_output_duplicate_id",
    why: "same id twice",
    edit: (d) => {
      d.output.artifacts = [artifact(), artifact({ path: "output/b.md" })];
    },
  },
  {
    code: "agent.profile_output_kind_required",
    why: "blank kind",
    edit: (d) => {
      d.output.artifacts = [artifact({ kind: " " })];
    },
  },
  {
    code: "agent.profile_output_duplicate_path",
    why: "same path twice",
    edit: (d) => {
      d.output.artifacts = [artifact(), artifact({ id: "other", path: "output//main.md" })];
    },
  },
  {
    code: "agent.profile_output_path_denied",
    why: "root not writable",
    edit: (d) => {
      d.workspace.writableRoots = ["scratch"];
    },
  },
  {
    code: "agent.profile_output_path_denied",
    why: "not a workspace path",
    edit: (d) => {
      d.output.artifacts = [artifact({ path: "../main.md" })];
    },
  },
  {
    code: "agent.profile_output_path_denied",
    why: "a root, not a file",
    edit: (d) => {
      d.output.artifacts = [artifact({ path: "output" })];
    },
  },
  {
    code: "agent.profile_output_duplicate_message_body",
    why: "two message bodies",
    edit: (d) => {
      d.output.artifacts = [artifact(), artifact({ id: "alt", path: "output/alt.md" })];
    },
  },
];

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "(valid)";
}

describe("Agent Profile v3 validation codes (docs/spec/profiles.md)", () => {
  it("the base profile is valid", () => {
    expect(codeOf(() => readProfile(base()))).toBe("(valid)");
  });

  it.each(ROWS.map((row) => [row.code, row.why, row] as const))("%s — %s", (code, _why, row) => {
    const doc = base();
    row.edit(doc);
    const error = (() => {
      try {
        readProfile(doc, row.catalog);
      } catch (e) {
        return e as AppError;
      }
      return null;
    })();
    expect(error?.code).toBe(code);
    expect(error?.message.length).toBeGreaterThan(10);
    expect(typeof error?.details?.path).toBe("string");
  });

  it("agent.profile_output_message_body_missing — a definition built in code with no messageBody artifact", () => {
    // The v3 parser only accepts target "messageBody", so this can only reach validateProfile from code.
    const profile = { ...defaultWriterDefinition(), id: "tester" };
    profile.output.artifacts = [{ ...profile.output.artifacts[0]!, target: "appendix" as "messageBody" }];
    expect(codeOf(() => validateProfile(profile))).toBe("agent.profile_output_message_body_missing");
  });

  it("every code of PROFILE_VALIDATION_CODES has at least one row", () => {
    const covered = new Set<string>([...ROWS.map((row) => row.code), "agent.profile_output_message_body_missing"]);
    expect(Object.keys(PROFILE_VALIDATION_CODES).filter((code) => !covered.has(code))).toEqual([]);
  });
});

describe("accepted v3 profiles", () => {
  it("accepts mcp:* in allow and deny, explicit MCP ToolIds, and descriptions/budgets for MCP tools mcp:* makes visible", () => {
    const doc = base();
    expect(doc.tools.allow).toContain("mcp:*");
    doc.tools.toolDescriptions = {
      [MCP_ID]: { description: "Search the web.", properties: { anything: "not checked: no catalog at save time" } },
    };
    doc.tools.maxCallsPerTool = { [MCP_ID]: 3 };
    expect(readProfile(doc).tools.maxCallsPerTool).toEqual({ [MCP_ID]: 3 });
    const denyAll = base();
    denyAll.tools.deny = ["mcp:*"];
    expect(readProfile(denyAll).tools.deny).toEqual(["mcp:*"]);
    const explicit = base();
    explicit.tools.allow = [...explicit.tools.allow.filter((t: string) => t !== "mcp:*"), MCP_ID];
    expect(readProfile(explicit).tools.allow).toContain(MCP_ID);
  });

  it("a denied MCP id is invisible even under mcp:*", () => {
    const doc = base();
    doc.tools.deny = [MCP_ID];
    doc.tools.maxCallsPerTool = { [MCP_ID]: 3 };
    expect(codeOf(() => readProfile(doc))).toBe("agent.profile_tool_budget_invisible");
  });

  it("fills defaults and normalizes a negative history window to -1", () => {
    const doc = base();
    delete doc.delegation;
    delete doc.context;
    delete doc.instructions;
    delete doc.tools.mcpResultInlineCharLimit;
    delete doc.tools.maxCallsPerRun;
    doc.context = { initialChatHistoryMessages: -7 };
    const profile = readProfile(doc);
    expect(profile.context).toEqual({ initialChatHistoryMessages: -1, includeActivatedWorldInfo: true });
    expect(profile.delegation).toMatchObject({
      canDelegate: false,
      allowedCallers: ["*"],
      maxConcurrentInvocations: 3,
      maxInvocationsPerRun: 8,
      resultBudgetTokens: 8000,
      maxHandoffDepth: 8,
    });
    expect(profile.tools).toMatchObject({ maxCallsPerRun: 80, mcpResultInlineCharLimit: 50_000 });
    expect(profile.instructions).toEqual({ agentSystemPrompt: null });
  });

  it("delegation tools validate with delegation enabled (known ids, bound only once the runtime has them)", () => {
    const doc = base();
    doc.delegation = { canDelegate: true, canHandoff: true };
    doc.tools.allow.push(
      "builtin:agent.list",
      "builtin:agent.delegate",
      "builtin:agent.await",
      "builtin:agent.handoff",
    );
    expect(codeOf(() => readProfile(doc))).toBe("(valid)");
  });

  it("a background subagent-only profile without finish/commit is valid", () => {
    const doc = base();
    doc.run = { presentation: "background", directRunnable: false };
    doc.delegation = { callable: true, allowAsSubagent: true };
    doc.tools.allow = ["builtin:workspace.read_file", "builtin:workspace.write_file"];
    expect(codeOf(() => readProfile(doc))).toBe("(valid)");
  });
});
