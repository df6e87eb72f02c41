/**
 * Agent Profile v3 document (docs/spec/profiles.md): the strict, fully defaulted shape every stored,
 * imported and frozen profile has after parseProfileDocument. Header `{schemaVersion: 3, kind:
 * "tauritavern.agentProfile", id}`. Tool keys are ToolIds (`builtin:<name>`, `mcp/<uuid>:<name>`)
 * plus the hosted `mcp:*` entry (docs/spec/hosted.md §5).
 */

/** The only schema version this server stores and runs. */
export const AGENT_PROFILE_SCHEMA_VERSION = 3;
/** Document kind of every profile. */
export const AGENT_PROFILE_KIND = "tauritavern.agentProfile";
/** Older versions import/load migrates to v3 (docs/spec/profiles.md §4). */
export const MIGRATABLE_SCHEMA_VERSIONS: readonly number[] = [1, 2];

export const PRESET_MODES = ["currentPromptSnapshot", "ref", "none"] as const;
export const MODEL_MODES = ["currentPromptSnapshot", "connectionRef", "requiresConfiguration"] as const;
export const PRESENTATIONS = ["foreground", "background"] as const;
export const PLAN_MODES = ["none", "free", "strict", "hybrid"] as const;
/** SillyTavern preset api ids; only `openai` (chat completion) presets can drive an agent. */
export const PRESET_API_IDS = [
  "openai",
  "kobold",
  "koboldhorde",
  "novel",
  "textgenerationwebui",
  "instruct",
  "context",
  "sysprompt",
  "reasoning",
] as const;
export const CHAT_COMPLETION_PRESET_API_ID = "openai";

export type PresetMode = (typeof PRESET_MODES)[number];
export type ModelMode = (typeof MODEL_MODES)[number];
export type ProfilePresentation = (typeof PRESENTATIONS)[number];
export type PlanMode = (typeof PLAN_MODES)[number];

export interface ProfilePreset {
  mode: PresetMode;
  ref?: { apiId: string; name: string };
  required: boolean;
}

/** Hosted meaning: `connectionRef` is the id of one of the user's model connections (docs/spec/hosted.md §9). */
export interface ProfileModel {
  mode: ModelMode;
  connectionRef?: string;
  modelId?: string;
}

export interface ProfileRun {
  presentation: ProfilePresentation;
  directRunnable: boolean;
  /** Retries of retryable model errors; `intervalMs` (ms) > 0 when `maxRetries` > 0. */
  modelRetry: { maxRetries: number; intervalMs: number };
  stream: boolean;
}

export interface ProfileContext {
  /** -1 = no trimming, 0 = no chat history, N = latest N messages. */
  initialChatHistoryMessages: number;
  includeActivatedWorldInfo: boolean;
}

export interface ProfileDelegation {
  canDelegate: boolean;
  canHandoff: boolean;
  callable: boolean;
  allowAsSubagent: boolean;
  allowAsHandoffTarget: boolean;
  allowNestedDelegation: boolean;
  /** Profile ids or `*`. */
  allowedCallers: string[];
  descriptionForAgents?: string;
  maxConcurrentInvocations: number;
  maxInvocationsPerRun: number;
  resultBudgetTokens: number;
  maxHandoffDepth: number;
}

export interface ProfileToolDescription {
  description?: string;
  properties?: Record<string, string>;
}

export interface ProfileTools {
  allow: string[];
  deny: string[];
  toolDescriptions: Record<string, ProfileToolDescription>;
  maxRounds: number;
  maxCallsPerRun: number;
  maxCallsPerTool: Record<string, number>;
  /** Unicode chars of an MCP result sent inline to the model (docs/spec/tool-system.md §3). */
  mcpResultInlineCharLimit: number;
}

export interface ProfileSkills {
  visible: string[];
  deny: string[];
  maxReadCharsPerCall: number;
  maxReadCharsPerRun: number;
}

export interface ProfileWorkspace {
  visibleRoots: string[];
  writableRoots: string[];
}

export interface ProfilePlan {
  mode: PlanMode;
  beta: boolean;
  nodes: Array<{ id: string; title: string; locked: boolean }>;
}

export interface ProfileArtifact {
  id: string;
  path: string;
  kind: string;
  target: "messageBody";
  required: boolean;
  assemblyOrder: number;
}

/** A strict v3 Agent Profile with every default filled in. */
export interface AgentProfileDefinition {
  schemaVersion: 3;
  kind: typeof AGENT_PROFILE_KIND;
  id: string;
  displayName: string;
  description?: string;
  preset: ProfilePreset;
  model: ProfileModel;
  run: ProfileRun;
  context: ProfileContext;
  delegation: ProfileDelegation;
  instructions: { agentSystemPrompt: string | null };
  tools: ProfileTools;
  skills: ProfileSkills;
  workspace: ProfileWorkspace;
  plan: ProfilePlan;
  output: { artifacts: ProfileArtifact[] };
}

/** Defaults of the optional delegation block (docs/spec/agent-runtime.md §6). */
export const DELEGATION_DEFAULTS: ProfileDelegation = Object.freeze({
  canDelegate: false,
  canHandoff: false,
  callable: false,
  allowAsSubagent: false,
  allowAsHandoffTarget: false,
  allowNestedDelegation: false,
  allowedCallers: ["*"],
  maxConcurrentInvocations: 3,
  maxInvocationsPerRun: 8,
  resultBudgetTokens: 8000,
  maxHandoffDepth: 8,
}) as ProfileDelegation;

/** The four numeric delegation limits (docs/spec/profiles.md §3). */
export type DelegationLimitKey =
  | "maxConcurrentInvocations"
  | "maxInvocationsPerRun"
  | "resultBudgetTokens"
  | "maxHandoffDepth";

/**
 * Allowed range of each delegation limit, whole numbers, both ends included (docs/spec/profiles.md
 * §3, ADR 2640). One source: the validator refuses a value outside it with the limit's own code and
 * `details {path, min, max}`, and `GET /agent/profiles` serves it (`delegationLimits`, with the
 * default) so the editor checks a field before sending.
 */
export const DELEGATION_LIMIT_RANGES: Readonly<Record<DelegationLimitKey, { min: number; max: number }>> =
  Object.freeze({
    maxConcurrentInvocations: { min: 1, max: 32 },
    maxInvocationsPerRun: { min: 1, max: 1000 },
    resultBudgetTokens: { min: 1, max: 1_000_000 },
    maxHandoffDepth: { min: 1, max: 100 },
  });

/** Numeric defaults (docs/spec/profiles.md table). */
export const PROFILE_DEFAULTS = Object.freeze({
  maxRetries: 3,
  intervalMs: 3000,
  initialChatHistoryMessages: -1,
  maxCallsPerRun: 80,
  mcpResultInlineCharLimit: 50_000,
  maxReadCharsPerCall: 20_000,
  maxReadCharsPerRun: 80_000,
});

/** Hosted limits: a profile document is at most 256 KiB of JSON; a user has at most 200 profiles. */
export const PROFILE_LIMITS = Object.freeze({ documentBytes: 256 * 1024, perUser: 200, idChars: 128 });
