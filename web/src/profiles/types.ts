/**
 * Agent profile shapes of /api/v1/agent/profiles… and /api/v1/agent/tools (docs/api.md "Agent
 * profiles"; docs/spec/profiles.md). The document itself is kept as plain JSON (`ProfileDocument`):
 * the server's strict v3 reader is the only judge of it, so the client never drops a field it does
 * not know.
 */

/** A row of `GET /agent/profiles`; `readOnly` marks the built-in `default-writer`. */
export interface ProfileSummary {
  id: string;
  displayName: string;
  description?: string;
  directRunnable: boolean;
  readOnly: boolean;
}

/** A stored profile the server could not read (list `issues`). */
export interface ProfileIssue {
  profileId: string;
  fileName: string;
  kind: "invalidJson" | "invalidFileIdentity" | "invalidProfile";
  recommendedAction?: "delete" | "normalizeIdentity";
  code: string;
  message: string;
}

export interface ProfileList {
  profiles: ProfileSummary[];
  issues: ProfileIssue[];
}

/** A v3 profile document as JSON (schemaVersion, kind, id, displayName, preset, model, run, tools, …). */
export type ProfileDocument = Record<string, unknown> & { id: string; displayName: string };

export type DiagnosticBlock = "preview" | "promptAssembly" | "directRun" | "subAgent";
export type RepairAction = "selectPreset" | "selectModel" | "setModelRequiresConfiguration" | "openJsonEditor";

/** One `AgentProfileHealth` diagnostic; `path` is like `$.model.connectionRef`. */
export interface ProfileDiagnostic {
  code: string;
  severity: "error";
  path: string;
  message: string;
  resource?: {
    kind: "preset" | "llmConnection" | "model";
    apiId?: string;
    name?: string;
    id?: string;
    modelId?: string;
  };
  blocks?: DiagnosticBlock[];
  repairActions?: RepairAction[];
}

/** `GET /agent/profiles/:id/diagnose`. */
export interface ProfileHealth {
  profileId: string;
  previewAvailable: boolean;
  promptAssemblyAvailable: boolean;
  directRunAvailable: boolean;
  subAgentAvailable: boolean;
  diagnostics: ProfileDiagnostic[];
}

/** One builtin tool of `GET /agent/tools`; `toolId` (`builtin:<name>`) is the `tools.allow` key. */
export interface AgentToolSpec {
  name: string;
  toolId: string;
  modelName: string;
  title: string;
  description: string;
}

/** `POST /agent/profiles/import` answer. */
export interface ImportResult {
  profile: ProfileDocument;
  migratedFrom: number | null;
}

/** Id of the built-in, read-only profile. */
export const DEFAULT_WRITER_ID = "default-writer";

/** The hosted `tools.allow` entry for every MCP tool set to Ask or Allow (docs/spec/tool-system.md §5). */
export const MCP_WILDCARD = "mcp:*";

/** The five workspace roots a profile may show or let the agent write (docs/spec/workspace.md §1). */
export const WORKSPACE_ROOTS = ["output", "scratch", "plan", "summaries", "persist"] as const;
