/**
 * Agent profile shapes of /api/v1/agent/profiles… and /api/v1/agent/tools (docs/api.md "Agent
 * profiles"; docs/spec/profiles.md). The document itself is kept as plain JSON (`ProfileDocument`):
 * the server's strict v3 reader is the only judge of it, so the client never drops a field it does
 * not know. The answers' types come from src/contracts (type-only).
 */
import type { ProfileImportResult } from "../../../src/contracts/profile-views";

export type {
  AgentProfileDiagnostic as ProfileDiagnostic,
  AgentProfileHealth as ProfileHealth,
  AgentToolSpec,
  DelegationNote,
  DelegationRole,
  DiagnosticBlock,
  DiagnosticRepairAction as RepairAction,
  ProfileIssue,
  DelegationLimitRange,
  ProfileList,
  ProfileSummary,
} from "../../../src/contracts/profile-views";

/** A v3 profile document as JSON (schemaVersion, kind, id, displayName, preset, model, run, tools, …). */
export type ProfileDocument = Record<string, unknown> & { id: string; displayName: string };

/** `POST /agent/profiles/import` answer, the profile kept as plain JSON. */
export type ImportResult = Omit<ProfileImportResult, "profile"> & { profile: ProfileDocument };

/** Id of the built-in, read-only profile. */
export const DEFAULT_WRITER_ID = "default-writer";

/** The hosted `tools.allow` entry for every MCP tool set to Ask or Allow (docs/spec/tool-system.md §5). */
export const MCP_WILDCARD = "mcp:*";

/** The five workspace roots a profile may show or let the agent write (docs/spec/workspace.md §1). */
export const WORKSPACE_ROOTS = ["output", "scratch", "plan", "summaries", "persist"] as const;
