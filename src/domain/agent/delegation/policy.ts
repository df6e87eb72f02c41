/**
 * Who may delegate to or hand off to whom (docs/spec/agent-delegation.md §2, §6): pure checks over
 * the calling profile, the target profile and the run's counts. Each refusal is
 * `{code, message}` for a tool error the model reads; null = allowed.
 */
import type { ErrorCode } from "../../errors";
import type { ResolvedAgentProfile } from "../loop/profile";

/** A refusal the model reads as a tool error. */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/** The caller as the checks see it. */
export interface Caller {
  profile: ResolvedAgentProfile;
  /** True for a return-mode child (kind `subagent`). */
  isChild: boolean;
}

/** Counts of the run's delegated tasks (`return_to_parent`). */
export interface TaskCounts {
  /** Every task the run started. */
  total: number;
  /** Tasks still queued or running. */
  unfinished: number;
}

const callerAllowed = (target: ResolvedAgentProfile, callerId: string) =>
  target.delegation.allowedCallers.includes("*") || target.delegation.allowedCallers.includes(callerId);

/** What a target must allow for each role: its flag, its refusal code and the words for what it takes. */
const ROLES = {
  subagent: { flag: "allowAsSubagent", code: "agent.target_not_subagent", takes: "delegated tasks", from: "tasks" },
  handoff: { flag: "allowAsHandoffTarget", code: "agent.target_not_handoff", takes: "handoffs", from: "handoffs" },
} as const;

/** The target checks both operations share, in order: exists, callable, takes `role`, allows the caller. */
function targetRefusal(
  caller: Caller,
  targetId: string,
  target: ResolvedAgentProfile | null,
  role: keyof typeof ROLES,
): Refusal | null {
  if (!target)
    return {
      code: "agent.target_profile_not_found",
      message: `There is no agent "${targetId}". Call agent_list to see the agents you may use.`,
    };
  if (!target.delegation.callable)
    return { code: "agent.target_not_callable", message: `Agent "${target.id}" cannot be called by other agents.` };
  const r = ROLES[role];
  if (!target.delegation[r.flag]) return { code: r.code, message: `Agent "${target.id}" does not take ${r.takes}.` };
  if (!callerAllowed(target, caller.profile.id))
    return {
      code: "agent.target_caller_denied",
      message: `Agent "${target.id}" does not take ${r.from} from "${caller.profile.id}".`,
    };
  return null;
}

/** The checks of agent.delegate in the order of §2 (target null = no stored profile `targetId`). */
export function delegateRefusal(
  caller: Caller,
  targetId: string,
  target: ResolvedAgentProfile | null,
  counts: TaskCounts,
): Refusal | null {
  const d = caller.profile.delegation;
  if (!d.canDelegate)
    return {
      code: "agent.profile_cannot_delegate",
      message: `Profile "${caller.profile.id}" may not delegate tasks (delegation.canDelegate is off).`,
    };
  if (caller.isChild && !d.allowNestedDelegation)
    return {
      code: "agent.delegation_policy_denied",
      message: "You are working on a delegated task and may not delegate further; do the work and call task_return.",
    };
  const refusal = targetRefusal(caller, targetId, target, "subagent");
  if (refusal) return refusal;
  if (counts.total >= d.maxInvocationsPerRun)
    return {
      code: "agent.max_invocations_per_run_exhausted",
      message: `This run already started ${counts.total} delegated tasks, the most profile "${caller.profile.id}" allows (maxInvocationsPerRun ${d.maxInvocationsPerRun}). Do the rest yourself.`,
    };
  if (counts.unfinished >= d.maxConcurrentInvocations)
    return {
      code: "agent.max_concurrent_invocations_exhausted",
      message: `${counts.unfinished} delegated tasks are still running, the most profile "${caller.profile.id}" allows at once (maxConcurrentInvocations ${d.maxConcurrentInvocations}). Wait for one with agent_await first.`,
    };
  return null;
}

/** The checks of agent.handoff (§6). `handoffs` = handoffs the run already made; `pending` = the caller's unfinished tasks. */
export function handoffRefusal(
  caller: Caller,
  targetId: string,
  target: ResolvedAgentProfile | null,
  handoffs: number,
  pending: number,
): Refusal | null {
  if (caller.isChild)
    return { code: "agent.child_handoff_denied", message: "A sub-agent cannot hand off the run; use task_return." };
  const d = caller.profile.delegation;
  if (!d.canHandoff)
    return {
      code: "agent.profile_cannot_handoff",
      message: `Profile "${caller.profile.id}" may not hand off (delegation.canHandoff is off).`,
    };
  const refusal = targetRefusal(caller, targetId, target, "handoff");
  if (refusal) return refusal;
  if (handoffs >= d.maxHandoffDepth)
    return {
      code: "agent.max_handoff_depth_exhausted",
      message: `This run already handed off ${handoffs} times, the most profile "${caller.profile.id}" allows (maxHandoffDepth ${d.maxHandoffDepth}). Finish the work yourself.`,
    };
  if (pending > 0)
    return {
      code: "agent.handoff_pending_tasks",
      message: `${pending} of your delegated tasks are still running; wait for them with agent_await before handing off.`,
    };
  return null;
}

/** One row of agent.list. */
export interface ListedAgent {
  profileId: string;
  displayName: string;
  description: string;
  operations: Array<"delegate" | "handoff">;
  resultBudgetTokens: number;
  maxInvocationsPerRun: number;
  maxConcurrentInvocations: number;
  maxHandoffDepth: number;
}

/** agent.list: the profiles `caller` may use for `purpose`, matching `query`, at most `limit`. */
export function listAgents(
  caller: Caller,
  profiles: ReadonlyArray<ResolvedAgentProfile>,
  purpose: "any" | "delegate" | "handoff",
  query: string,
  limit: number,
): ListedAgent[] {
  const d = caller.profile.delegation;
  const mayDelegate = d.canDelegate && (!caller.isChild || d.allowNestedDelegation);
  const mayHandoff = d.canHandoff && !caller.isChild;
  const needle = query.trim().toLowerCase();
  const out: ListedAgent[] = [];
  for (const target of profiles) {
    if (target.id === caller.profile.id) continue;
    const t = target.delegation;
    if (!t.callable || !callerAllowed(target, caller.profile.id)) continue;
    const operations: ListedAgent["operations"] = [];
    if (mayDelegate && t.allowAsSubagent && purpose !== "handoff") operations.push("delegate");
    if (mayHandoff && t.allowAsHandoffTarget && purpose !== "delegate") operations.push("handoff");
    if (operations.length === 0) continue;
    const description = t.descriptionForAgents ?? target.description ?? "";
    if (needle && ![target.id, target.displayName, description].some((text) => text.toLowerCase().includes(needle)))
      continue;
    out.push({
      profileId: target.id,
      displayName: target.displayName,
      description,
      operations,
      resultBudgetTokens: t.resultBudgetTokens,
      maxInvocationsPerRun: t.maxInvocationsPerRun,
      maxConcurrentInvocations: t.maxConcurrentInvocations,
      maxHandoffDepth: t.maxHandoffDepth,
    });
    if (out.length >= limit) break;
  }
  return out;
}
