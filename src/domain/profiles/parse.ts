/**
 * Strict v3 parse (docs/spec/profiles.md): unknown JSON → AgentProfileDefinition with every default
 * filled in. Checks the shape (`agent.profile_contract_invalid`), the header
 * (`agent.profile_schema_unsupported`, `agent.profile_kind_invalid`, the id codes,
 * `agent.profile_display_name_required`) and normalizes `context.initialChatHistoryMessages`
 * (negative → -1). Semantic rules are in validate.ts; v1/v2 documents must go through
 * migrate.ts first — this parser never migrates (a frozen run profile is read with it as is).
 */
import { profileError } from "./codes";
import {
  AGENT_PROFILE_KIND,
  AGENT_PROFILE_SCHEMA_VERSION,
  DELEGATION_DEFAULTS,
  MODEL_MODES,
  PLAN_MODES,
  PRESENTATIONS,
  PRESET_MODES,
  PROFILE_DEFAULTS,
  type AgentProfileDefinition,
  type ProfileArtifact,
  type ProfileDelegation,
  type ProfileToolDescription,
} from "./definition";
import { StrictObject, contractInvalid } from "./json-reader";
import { normalizeProfileId } from "./profile-id";

const TOP_REQUIRED = [
  "schemaVersion",
  "kind",
  "id",
  "displayName",
  "preset",
  "model",
  "run",
  "tools",
  "skills",
  "workspace",
  "plan",
  "output",
] as const;
const TOP_OPTIONAL = ["description", "context", "delegation", "instructions"] as const;

/** The header checks shared with list issues: returns `{schemaVersion, kind, id}` or throws. */
export function checkHeader(raw: unknown): { schemaVersion: number; id: string } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw contractInvalid("$", "a profile must be a JSON object");
  const doc = raw as Record<string, unknown>;
  if (doc.schemaVersion !== AGENT_PROFILE_SCHEMA_VERSION) {
    throw profileError(
      "agent.profile_schema_unsupported",
      `schemaVersion ${JSON.stringify(doc.schemaVersion ?? null)} is not supported; this server stores version ${AGENT_PROFILE_SCHEMA_VERSION} (versions 1 and 2 are migrated on import).`,
    );
  }
  if (doc.kind !== AGENT_PROFILE_KIND)
    throw profileError("agent.profile_kind_invalid", `kind must be "${AGENT_PROFILE_KIND}".`);
  if (typeof doc.id !== "string") throw contractInvalid("$.id", "expected a string");
  return { schemaVersion: AGENT_PROFILE_SCHEMA_VERSION, id: normalizeProfileId(doc.id) };
}

/**
 * Names every missing required top-level section at once (docs/decisions/1481): docs/spec/profiles.md requires
 * `preset`, `model`, `run`, `tools`, `skills`, `workspace`, `plan`, `output` in every schema
 * version (v1/v2 files too — migration only rewrites tool keys), so nothing is filled in here.
 * One missing key keeps the usual `$.<key>: required field is missing`.
 * @throws AppError `agent.profile_contract_invalid` (details.path `$` when several are missing).
 */
function requireTopSections(raw: Record<string, unknown>): void {
  const missing = TOP_REQUIRED.filter((key) => raw[key] === undefined);
  if (missing.length <= 1) return;
  throw contractInvalid(
    "$",
    `the profile is missing the required sections ${missing.join(", ")}. Every Agent Profile (schema version 1, 2 or 3) must have preset, model, run, tools, skills, workspace, plan and output; importing an older version only renames tool keys. Export default-writer for a complete example to copy from.`,
  );
}

/** Parses a v3 document strictly (see file docstring). */
export function parseProfileDocument(raw: unknown): AgentProfileDefinition {
  const { id } = checkHeader(raw);
  requireTopSections(raw as Record<string, unknown>);
  const top = StrictObject.of(raw, "$", TOP_REQUIRED, TOP_OPTIONAL);
  const displayName = top.string("displayName").trim();
  if (displayName.length === 0)
    throw profileError("agent.profile_display_name_required", "The profile needs a display name.");
  const description = top.optionalString("description");

  const preset = StrictObject.of(top.raw("preset"), "$.preset", ["mode"], ["ref", "required", "reasoningEffort"]);
  if (preset.has("reasoningEffort"))
    throw contractInvalid("$.preset.reasoningEffort", "reasoningEffort belongs to schema version 4");
  const presetRef = preset.has("ref")
    ? StrictObject.of(preset.raw("ref"), "$.preset.ref", ["apiId", "name"])
    : undefined;

  const model = StrictObject.of(top.raw("model"), "$.model", ["mode"], ["connectionRef", "modelId"]);
  const run = StrictObject.of(top.raw("run"), "$.run", ["presentation"], ["directRunnable", "modelRetry", "stream"]);
  const retry = run.has("modelRetry")
    ? StrictObject.of(run.raw("modelRetry"), "$.run.modelRetry", [], ["maxRetries", "intervalMs"])
    : undefined;
  const context = top.has("context")
    ? StrictObject.of(top.raw("context"), "$.context", [], ["initialChatHistoryMessages", "includeActivatedWorldInfo"])
    : undefined;
  const instructions = top.has("instructions")
    ? StrictObject.of(top.raw("instructions"), "$.instructions", [], ["agentSystemPrompt"])
    : undefined;
  const tools = StrictObject.of(
    top.raw("tools"),
    "$.tools",
    ["allow", "maxRounds"],
    ["deny", "toolDescriptions", "maxCallsPerRun", "maxCallsPerTool", "mcpResultInlineCharLimit"],
  );
  const skills = StrictObject.of(
    top.raw("skills"),
    "$.skills",
    ["visible"],
    ["deny", "maxReadCharsPerCall", "maxReadCharsPerRun"],
  );
  const workspace = StrictObject.of(top.raw("workspace"), "$.workspace", ["visibleRoots", "writableRoots"]);
  const plan = StrictObject.of(top.raw("plan"), "$.plan", ["mode"], ["beta", "nodes"]);
  const output = StrictObject.of(top.raw("output"), "$.output", ["artifacts"]);

  const initialHistory =
    context?.integer("initialChatHistoryMessages", PROFILE_DEFAULTS.initialChatHistoryMessages) ??
    PROFILE_DEFAULTS.initialChatHistoryMessages;
  const modelConnectionRef = model.optionalString("connectionRef");
  const modelId = model.optionalString("modelId");
  return {
    schemaVersion: AGENT_PROFILE_SCHEMA_VERSION,
    kind: AGENT_PROFILE_KIND,
    id,
    displayName,
    ...(description !== undefined ? { description } : {}),
    preset: {
      mode: preset.oneOf("mode", PRESET_MODES),
      ...(presetRef ? { ref: { apiId: presetRef.string("apiId"), name: presetRef.string("name") } } : {}),
      required: preset.boolean("required", false),
    },
    model: {
      mode: model.oneOf("mode", MODEL_MODES),
      ...(modelConnectionRef !== undefined ? { connectionRef: modelConnectionRef } : {}),
      ...(modelId !== undefined ? { modelId } : {}),
    },
    run: {
      presentation: run.oneOf("presentation", PRESENTATIONS),
      directRunnable: run.boolean("directRunnable", true),
      modelRetry: {
        maxRetries: retry?.integer("maxRetries", PROFILE_DEFAULTS.maxRetries) ?? PROFILE_DEFAULTS.maxRetries,
        intervalMs: retry?.integer("intervalMs", PROFILE_DEFAULTS.intervalMs) ?? PROFILE_DEFAULTS.intervalMs,
      },
      stream: run.boolean("stream", false),
    },
    context: {
      initialChatHistoryMessages: initialHistory < 0 ? -1 : initialHistory,
      includeActivatedWorldInfo: context?.boolean("includeActivatedWorldInfo", true) ?? true,
    },
    delegation: readDelegation(top.raw("delegation")),
    instructions: { agentSystemPrompt: instructions?.nullableString("agentSystemPrompt") ?? null },
    tools: {
      allow: tools.strings("allow"),
      deny: tools.strings("deny", []),
      toolDescriptions: tools.record("toolDescriptions", readToolDescription),
      maxRounds: tools.integer("maxRounds"),
      maxCallsPerRun: tools.integer("maxCallsPerRun", PROFILE_DEFAULTS.maxCallsPerRun),
      maxCallsPerTool: tools.record("maxCallsPerTool", (value, path) => {
        if (typeof value !== "number" || !Number.isSafeInteger(value))
          throw contractInvalid(path, "expected an integer");
        return value;
      }),
      mcpResultInlineCharLimit: tools.integer("mcpResultInlineCharLimit", PROFILE_DEFAULTS.mcpResultInlineCharLimit),
    },
    skills: {
      visible: skills.strings("visible"),
      deny: skills.strings("deny", []),
      maxReadCharsPerCall: skills.integer("maxReadCharsPerCall", PROFILE_DEFAULTS.maxReadCharsPerCall),
      maxReadCharsPerRun: skills.integer("maxReadCharsPerRun", PROFILE_DEFAULTS.maxReadCharsPerRun),
    },
    workspace: { visibleRoots: workspace.strings("visibleRoots"), writableRoots: workspace.strings("writableRoots") },
    plan: {
      mode: plan.oneOf("mode", PLAN_MODES),
      beta: plan.boolean("beta", true),
      nodes: plan.array(
        "nodes",
        (value, path) => {
          const node = StrictObject.of(value, path, ["id", "title"], ["locked"]);
          return { id: node.string("id"), title: node.string("title"), locked: node.boolean("locked", false) };
        },
        [],
      ),
    },
    output: { artifacts: output.array("artifacts", readArtifact) },
  };
}

function readDelegation(raw: unknown): ProfileDelegation {
  if (raw === undefined) return structuredClone(DELEGATION_DEFAULTS);
  const d = StrictObject.of(
    raw,
    "$.delegation",
    [],
    [
      "canDelegate",
      "canHandoff",
      "callable",
      "allowAsSubagent",
      "allowAsHandoffTarget",
      "allowNestedDelegation",
      "allowedCallers",
      "descriptionForAgents",
      "maxConcurrentInvocations",
      "maxInvocationsPerRun",
      "resultBudgetTokens",
      "maxHandoffDepth",
    ],
  );
  const descriptionForAgents = d.optionalString("descriptionForAgents");
  return {
    canDelegate: d.boolean("canDelegate", false),
    canHandoff: d.boolean("canHandoff", false),
    callable: d.boolean("callable", false),
    allowAsSubagent: d.boolean("allowAsSubagent", false),
    allowAsHandoffTarget: d.boolean("allowAsHandoffTarget", false),
    allowNestedDelegation: d.boolean("allowNestedDelegation", false),
    allowedCallers: d.strings("allowedCallers", DELEGATION_DEFAULTS.allowedCallers),
    ...(descriptionForAgents !== undefined ? { descriptionForAgents } : {}),
    maxConcurrentInvocations: d.integer("maxConcurrentInvocations", DELEGATION_DEFAULTS.maxConcurrentInvocations),
    maxInvocationsPerRun: d.integer("maxInvocationsPerRun", DELEGATION_DEFAULTS.maxInvocationsPerRun),
    resultBudgetTokens: d.integer("resultBudgetTokens", DELEGATION_DEFAULTS.resultBudgetTokens),
    maxHandoffDepth: d.integer("maxHandoffDepth", DELEGATION_DEFAULTS.maxHandoffDepth),
  };
}

function readToolDescription(value: unknown, path: string): ProfileToolDescription {
  const o = StrictObject.of(value, path, [], ["description", "properties"]);
  const description = o.optionalString("description");
  const properties = o.has("properties")
    ? o.record("properties", (text, at) => {
        if (typeof text !== "string") throw contractInvalid(at, "expected a string");
        return text;
      })
    : undefined;
  return { ...(description !== undefined ? { description } : {}), ...(properties !== undefined ? { properties } : {}) };
}

function readArtifact(value: unknown, path: string): ProfileArtifact {
  const a = StrictObject.of(value, path, ["id", "path", "kind", "target"], ["required", "assemblyOrder"]);
  return {
    id: a.string("id"),
    path: a.string("path"),
    kind: a.string("kind"),
    target: a.oneOf("target", ["messageBody"] as const),
    required: a.boolean("required", false),
    assemblyOrder: a.integer("assemblyOrder", 0),
  };
}
