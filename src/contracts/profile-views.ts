/**
 * Response shapes of /api/v1/agent/profiles… and /api/v1/agent/tools (docs/api.md "Agent
 * profiles"; docs/spec/profiles.md §6). `AgentProfileHealth` and `AgentToolSpec` are the domain's types;
 * the list, issue and import answers are defined here and built by application/profiles.
 */
import { z } from "zod";
import type { AgentProfileDefinition } from "../domain/profiles/definition";
import type {
  AgentProfileDiagnostic,
  AgentProfileHealth,
  DelegationNote,
  DelegationNoteReason,
  DelegationRole,
  DiagnosticBlock,
  DiagnosticRepairAction,
} from "../domain/profiles/health";
import type { AgentToolSpec } from "../domain/profiles/agent-tool-specs";
import { errorCodeSchema } from "./error-code";

export type {
  AgentProfileDefinition,
  AgentProfileDiagnostic,
  AgentProfileHealth,
  AgentToolSpec,
  DelegationNote,
  DelegationNoteReason,
  DelegationRole,
  DiagnosticBlock,
  DiagnosticRepairAction,
};

const jsonObject = z.record(z.string(), z.unknown());

/** A row of `GET /agent/profiles`; `readOnly` (hosted) marks the built-in `default-writer`. */
export const profileSummarySchema = z.strictObject({
  id: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  directRunnable: z.boolean(),
  readOnly: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

/** A stored profile the server could not read (list `issues`, docs/spec/profiles.md §6); `fileName` is `<row id>.json`. */
export const profileIssueSchema = z.strictObject({
  profileId: z.string(),
  fileName: z.string(),
  kind: z.enum(["invalidJson", "invalidFileIdentity", "invalidProfile"]),
  recommendedAction: z.enum(["delete", "normalizeIdentity"]).optional(),
  code: errorCodeSchema,
  message: z.string(),
});
export type ProfileIssue = z.infer<typeof profileIssueSchema>;

/** One delegation limit's allowed whole-number range and its default (docs/spec/profiles.md §3, ADR 2640). */
export const delegationLimitRangeSchema = z.strictObject({ min: z.number(), max: z.number(), default: z.number() });
export type DelegationLimitRange = z.infer<typeof delegationLimitRangeSchema>;

/** `GET /agent/profiles`; `delegationLimits`: the range and default of each delegation limit, by key. */
export const profileListSchema = z.strictObject({
  profiles: z.array(profileSummarySchema),
  issues: z.array(profileIssueSchema),
  delegationLimits: z.record(z.string(), delegationLimitRangeSchema),
});
export type ProfileList = z.infer<typeof profileListSchema>;

/** `POST /agent/profiles/import`: the stored profile and the schema version it was migrated from (null: was v3). */
export const profileImportResultSchema = z.strictObject({
  profile: jsonObject,
  migratedFrom: z.number().int().nullable(),
});
export interface ProfileImportResult {
  profile: AgentProfileDefinition;
  migratedFrom: number | null;
}

/** One `AgentProfileHealth` diagnostic; `path` is like `$.model.connectionRef`. */
export const profileDiagnosticSchema = z.strictObject({
  code: errorCodeSchema,
  severity: z.literal("error"),
  path: z.string(),
  message: z.string(),
  resource: z
    .strictObject({
      kind: z.enum(["preset", "llmConnection", "model"]),
      apiId: z.string().optional(),
      name: z.string().optional(),
      id: z.string().optional(),
      modelId: z.string().optional(),
    })
    .optional(),
  blocks: z.array(z.enum(["preview", "promptAssembly", "directRun", "subAgent"])).optional(),
  repairActions: z
    .array(z.enum(["selectPreset", "selectModel", "setModelRequiresConfiguration", "openJsonEditor"]))
    .optional(),
});

const delegationRole = z.enum(["subAgent", "handoffTarget"]);

/** One `AgentProfileHealth.delegationNotes` entry (domain/profiles/delegation-health.ts; ADR 2630). */
export const delegationNoteSchema = z.strictObject({
  reason: z.enum(["notCallable", "notSubagent", "notHandoffTarget", "blockedByProblem", "callersLimited"]),
  roles: z.array(delegationRole),
  path: z.string(),
  message: z.string(),
  callers: z.array(z.string()).optional(),
});

/** `GET /agent/profiles/:id/diagnose`. */
export const profileHealthSchema = z.strictObject({
  profileId: z.string(),
  previewAvailable: z.boolean(),
  promptAssemblyAvailable: z.boolean(),
  directRunAvailable: z.boolean(),
  subAgentAvailable: z.boolean(),
  handoffTargetAvailable: z.boolean(),
  diagnostics: z.array(profileDiagnosticSchema),
  delegationNotes: z.array(delegationNoteSchema),
});

/** `GET /agent/tools`: every builtin tool; `toolId` (`builtin:<name>`) is the `tools.allow` key. */
export const agentToolSpecSchema = z.strictObject({
  name: z.string(),
  toolId: z.string().startsWith("builtin:"),
  modelName: z.string(),
  title: z.string(),
  description: z.string(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: jsonObject.optional(),
  source: z.literal("builtin"),
});
export const agentToolListSchema = z.strictObject({ tools: z.array(agentToolSpecSchema) });
