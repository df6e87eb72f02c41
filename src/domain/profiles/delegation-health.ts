/**
 * Why a profile can or cannot be used by other agents (docs/spec/profiles.md §6 "Diagnose", hosted
 * addition, ADR 2630): as a sub-agent (`agent.delegate`) and as a handoff target (`agent.handoff`).
 * One place computes it; the profile page shows each note as a plain sentence.
 *
 * Rules (docs/spec/agent-delegation.md "Targets"): a profile is a sub-agent when
 * `delegation.callable && delegation.allowAsSubagent`, a handoff target when
 * `delegation.callable && delegation.allowAsHandoffTarget`, and in both cases only when no health
 * diagnostic blocks `subAgent` (a profile that cannot build its prompt or reach its model cannot run
 * for another agent either). `allowedCallers` without `"*"` does not block; it narrows who may call.
 */
import type { ProfileDelegation } from "./definition";

/** The two ways another agent can use a profile. */
export type DelegationRole = "subAgent" | "handoffTarget";

/**
 * - `notCallable`: `delegation.callable` is false (blocks both roles);
 * - `notSubagent` / `notHandoffTarget`: callable, but `allowAsSubagent` / `allowAsHandoffTarget` is false;
 * - `blockedByProblem`: allowed, but a health diagnostic (model, preset, contract) stops it running;
 * - `callersLimited`: allowed, but only the profiles in `callers` may call it (not a block).
 */
export type DelegationNoteReason =
  | "notCallable"
  | "notSubagent"
  | "notHandoffTarget"
  | "blockedByProblem"
  | "callersLimited";

/** One note; `path` is the field to change (`$.delegation.callable`); `message` is English for logs and API readers. */
export interface DelegationNote {
  reason: DelegationNoteReason;
  roles: DelegationRole[];
  path: string;
  message: string;
  /** `callersLimited` only: the profile ids allowed to call (never `*`). */
  callers?: string[];
}

/** Availability of both roles and the notes explaining each "no" (and a narrowed caller list). */
export interface DelegationTargetHealth {
  subAgentAvailable: boolean;
  handoffTargetAvailable: boolean;
  delegationNotes: DelegationNote[];
}

/**
 * Computes DelegationTargetHealth. `blockingPath` is the path of the first health diagnostic that
 * blocks `subAgent` (null when none does).
 */
export function delegationTargetHealth(d: ProfileDelegation, blockingPath: string | null): DelegationTargetHealth {
  const notes: DelegationNote[] = [];
  if (!d.callable) {
    notes.push({
      reason: "notCallable",
      roles: ["subAgent", "handoffTarget"],
      path: "$.delegation.callable",
      message: "Other agents cannot call this profile: delegation.callable is off.",
    });
  } else {
    if (!d.allowAsSubagent)
      notes.push({
        reason: "notSubagent",
        roles: ["subAgent"],
        path: "$.delegation.allowAsSubagent",
        message: "Other agents cannot delegate tasks to this profile: delegation.allowAsSubagent is off.",
      });
    if (!d.allowAsHandoffTarget)
      notes.push({
        reason: "notHandoffTarget",
        roles: ["handoffTarget"],
        path: "$.delegation.allowAsHandoffTarget",
        message: "Other agents cannot hand a run over to this profile: delegation.allowAsHandoffTarget is off.",
      });
  }
  const allowed: DelegationRole[] = [];
  if (d.callable && d.allowAsSubagent) allowed.push("subAgent");
  if (d.callable && d.allowAsHandoffTarget) allowed.push("handoffTarget");
  if (allowed.length > 0 && blockingPath !== null)
    notes.push({
      reason: "blockedByProblem",
      roles: [...allowed],
      path: blockingPath,
      message: "Other agents may call this profile, but a problem listed above stops it from running.",
    });
  if (allowed.length > 0 && !d.allowedCallers.includes("*"))
    notes.push({
      reason: "callersLimited",
      roles: [...allowed],
      path: "$.delegation.allowedCallers",
      message: `Only these profiles may call it: ${d.allowedCallers.join(", ")}.`,
      callers: [...d.allowedCallers],
    });
  const runnable = blockingPath === null;
  return {
    subAgentAvailable: runnable && allowed.includes("subAgent"),
    handoffTargetAvailable: runnable && allowed.includes("handoffTarget"),
    delegationNotes: notes,
  };
}
