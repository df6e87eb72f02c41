/**
 * AgentProfileHealth (docs/spec/profiles.md `diagnose()`), hosted: what keeps a stored profile from
 * previewing, assembling a prompt, running directly or running as a subagent.
 * Codes: `agent.profile_contract_invalid` (the document fails strict v3 validation; blocks
 * everything), `agent.profile_preset_missing` (`preset.mode = ref`: TavernEdge keeps no preset
 * library, so a referenced preset never exists here — docs/decisions/1302),
 * `agent.profile_model_requires_configuration`, `agent.profile_model_connection_missing`
 * (`connectionRef` names no connection of this user, e.g. it was deleted),
 * `agent.profile_model_connection_invalid` (the connection exists but its key cannot be opened).
 */
import type { AppError } from "../errors";
import type { AgentProfileDefinition } from "./definition";
import type { ErrorCode } from "../errors";
import { delegationTargetHealth, type DelegationNote } from "./delegation-health";

export type { DelegationNote, DelegationNoteReason, DelegationRole } from "./delegation-health";

export type DiagnosticBlock = "preview" | "promptAssembly" | "directRun" | "subAgent";
export type DiagnosticRepairAction =
  | "selectPreset"
  | "selectModel"
  | "setModelRequiresConfiguration"
  | "openJsonEditor";

/** One diagnostic; `path` is a JSONPath-like hint (`$.model.connectionRef`). */
export interface AgentProfileDiagnostic {
  code: ErrorCode;
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
  repairActions?: DiagnosticRepairAction[];
}

export interface AgentProfileHealth {
  profileId: string;
  previewAvailable: boolean;
  promptAssemblyAvailable: boolean;
  directRunAvailable: boolean;
  subAgentAvailable: boolean;
  /** Hosted (ADR 2630): another agent may hand its run over to this profile (`agent.handoff`). */
  handoffTargetAvailable: boolean;
  diagnostics: AgentProfileDiagnostic[];
  /** Hosted (ADR 2630): why it is not (or only narrowly) usable by other agents (delegation-health.ts). */
  delegationNotes: DelegationNote[];
}

/** State of the connection a `connectionRef` profile names. */
export type ConnectionState = "ok" | "missing" | "invalid";

/** Health of a profile whose stored document fails validation (`error` = the first failure). */
export function invalidProfileHealth(profileId: string, error: AppError): AgentProfileHealth {
  const path = typeof error.details?.path === "string" ? error.details.path : "$";
  return {
    profileId,
    previewAvailable: false,
    promptAssemblyAvailable: false,
    directRunAvailable: false,
    subAgentAvailable: false,
    handoffTargetAvailable: false,
    diagnostics: [
      {
        code: "agent.profile_contract_invalid",
        severity: "error",
        path,
        message: `${error.code}: ${error.message}`,
        blocks: ["preview", "promptAssembly", "directRun", "subAgent"],
        repairActions: ["openJsonEditor"],
      },
    ],
    delegationNotes: [],
  };
}

/**
 * Health of a valid profile. `connection` is the state of `model.connectionRef` (ignored for the
 * other model modes).
 */
export function profileHealth(profile: AgentProfileDefinition, connection: ConnectionState = "ok"): AgentProfileHealth {
  const diagnostics: AgentProfileDiagnostic[] = [];
  const runBlocks: DiagnosticBlock[] = ["promptAssembly", "directRun", "subAgent"];
  if (profile.preset.mode === "ref" && profile.preset.ref) {
    const { apiId, name } = profile.preset.ref;
    diagnostics.push({
      code: "agent.profile_preset_missing",
      severity: "error",
      path: "$.preset.ref.name",
      message: `Preset "${name}" (${apiId}) does not exist: TavernEdge keeps no preset library, so the prompt comes from the run request. Set preset.mode to "currentPromptSnapshot".`,
      resource: { kind: "preset", apiId, name },
      blocks: runBlocks,
      repairActions: ["selectPreset", "openJsonEditor"],
    });
  }
  const { model } = profile;
  const modelBlocks: DiagnosticBlock[] = profile.preset.mode === "ref" ? runBlocks : ["directRun", "subAgent"];
  if (model.mode === "requiresConfiguration") {
    diagnostics.push({
      code: "agent.profile_model_requires_configuration",
      severity: "error",
      path: "$.model.mode",
      message: `Profile "${profile.id}" needs a model connection before it can run (it was imported without one). Pick a connection for it.`,
      resource: { kind: "model" },
      blocks: runBlocks,
      repairActions: ["selectModel"],
    });
  } else if (model.mode === "connectionRef" && connection !== "ok") {
    const id = model.connectionRef ?? "";
    diagnostics.push({
      code:
        connection === "missing" ? "agent.profile_model_connection_missing" : "agent.profile_model_connection_invalid",
      severity: "error",
      path: "$.model.connectionRef",
      message:
        connection === "missing"
          ? `Model connection "${id}" no longer exists (it may have been deleted). Pick another connection for this profile.`
          : `Model connection "${id}" cannot be used: its API key cannot be opened with the server's current key. Re-enter the key on the connection.`,
      resource: { kind: "llmConnection", id, ...(model.modelId !== undefined ? { modelId: model.modelId } : {}) },
      blocks: modelBlocks,
      repairActions: ["selectModel", "setModelRequiresConfiguration"],
    });
  }
  const blocked = (block: DiagnosticBlock) => diagnostics.some((d) => d.blocks?.includes(block));
  const blocking = diagnostics.find((d) => d.blocks?.includes("subAgent"));
  const targets = delegationTargetHealth(profile.delegation, blocking?.path ?? null);
  return {
    profileId: profile.id,
    previewAvailable: true,
    promptAssemblyAvailable: !blocked("promptAssembly"),
    directRunAvailable: profile.run.directRunnable && !blocked("directRun"),
    subAgentAvailable: targets.subAgentAvailable,
    handoffTargetAvailable: targets.handoffTargetAvailable,
    diagnostics,
    delegationNotes: targets.delegationNotes,
  };
}
