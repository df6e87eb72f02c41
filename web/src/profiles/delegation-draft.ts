/**
 * The editor's form of a profile's `delegation` block and `run.directRunnable` (docs/spec/profiles.md
 * §3, docs/spec/agent-delegation.md): pure, no React. Numbers stay as typed text and are sent as
 * numbers when they are whole numbers, otherwise as typed, so the server's strict reader names the
 * problem with its code and `details.path` (`agent.profile_delegation_concurrency_invalid` at
 * `$.delegation.maxConcurrentInvocations`, …); full-width digits are normalised first, and the form
 * checks each limit against the server's range before sending (limitProblem). An empty number field is left out of the document
 * (the server fills its default). A blank `descriptionForAgents` is left out (blank is refused).
 */
import type { DelegationLimitRange } from "../../../src/contracts/profile-views";

type Json = Record<string, unknown>;

export interface DelegationForm {
  /** This profile may call `agent.delegate` / `agent.await`. */
  canDelegate: boolean;
  /** This profile may call `agent.handoff`. */
  canHandoff: boolean;
  callable: boolean;
  allowAsSubagent: boolean;
  allowAsHandoffTarget: boolean;
  allowNestedDelegation: boolean;
  /** Profile ids or `*` (anyone). */
  allowedCallers: string[];
  /** "" = none. */
  descriptionForAgents: string;
  maxConcurrentInvocations: string;
  maxInvocationsPerRun: string;
  resultBudgetTokens: string;
  maxHandoffDepth: string;
  /** `run.directRunnable`: the profile can be started from a chat (false = only for other agents). */
  directRunnable: boolean;
}

export const DELEGATION_LIMITS = [
  "maxConcurrentInvocations",
  "maxInvocationsPerRun",
  "resultBudgetTokens",
  "maxHandoffDepth",
] as const;
export type DelegationLimit = (typeof DELEGATION_LIMITS)[number];

const FLAGS = [
  "canDelegate",
  "canHandoff",
  "callable",
  "allowAsSubagent",
  "allowAsHandoffTarget",
  "allowNestedDelegation",
] as const;

/** The delegation tool ids (docs/spec/tool-system.md §5). */
export const DELEGATION_TOOLS = {
  list: "builtin:agent.list",
  delegate: "builtin:agent.delegate",
  await: "builtin:agent.await",
  handoff: "builtin:agent.handoff",
} as const;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads the form from a document's `delegation` and `run` (missing values: off, everyone, empty). */
export function readDelegation(delegation: unknown, run: unknown): DelegationForm {
  const d = isObject(delegation) ? delegation : {};
  const limit = (key: DelegationLimit) => (d[key] === undefined ? "" : String(d[key]));
  const callers = Array.isArray(d.allowedCallers)
    ? d.allowedCallers.filter((v): v is string => typeof v === "string")
    : ["*"];
  return {
    canDelegate: d.canDelegate === true,
    canHandoff: d.canHandoff === true,
    callable: d.callable === true,
    allowAsSubagent: d.allowAsSubagent === true,
    allowAsHandoffTarget: d.allowAsHandoffTarget === true,
    allowNestedDelegation: d.allowNestedDelegation === true,
    allowedCallers: callers,
    descriptionForAgents: typeof d.descriptionForAgents === "string" ? d.descriptionForAgents : "",
    maxConcurrentInvocations: limit("maxConcurrentInvocations"),
    maxInvocationsPerRun: limit("maxInvocationsPerRun"),
    resultBudgetTokens: limit("resultBudgetTokens"),
    maxHandoffDepth: limit("maxHandoffDepth"),
    directRunnable: !isObject(run) || run.directRunnable !== false,
  };
}

/** Typed text with full-width digits and signs made ASCII (NFKC: "１０００" → "1000"), trimmed. */
export function normalizeLimit(value: string): string {
  return value.normalize("NFKC").trim();
}

/** "8" (or "８") → 8; other text is sent as typed (the server names the problem). */
export function numberOrText(value: string): unknown {
  const normalized = normalizeLimit(value);
  return /^-?\d+$/.test(normalized) ? Number(normalized) : normalized;
}

/** The server's code for a limit out of its range (docs/spec/profiles.md §3). */
export const LIMIT_CODES: Readonly<Record<DelegationLimit, string>> = {
  maxConcurrentInvocations: "agent.profile_delegation_concurrency_invalid",
  maxInvocationsPerRun: "agent.profile_delegation_run_budget_invalid",
  resultBudgetTokens: "agent.profile_delegation_result_budget_invalid",
  maxHandoffDepth: "agent.profile_handoff_depth_invalid",
};

/** A limit the form refuses before sending: the server's code, `details {path, min, max}`. */
export interface LimitProblem {
  code: string;
  message: string;
  details: { path: string; min: number; max: number };
}

/**
 * The problem with limit `key` typed as `value`, checked against the server's range
 * (`GET /agent/profiles` `delegationLimits`, ADR 2640): null when empty (the default applies), when
 * the range is unknown (the server checks), or when it is a whole number from min to max after
 * full-width digits are normalised; else the code the server would answer for that field.
 */
export function limitProblem(
  key: DelegationLimit,
  value: string,
  range: DelegationLimitRange | undefined,
): LimitProblem | null {
  const normalized = normalizeLimit(value);
  if (normalized === "" || !range) return null;
  const n = /^[+-]?\d+$/.test(normalized) ? Number(normalized) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= range.min && n <= range.max) return null;
  return {
    code: LIMIT_CODES[key],
    message: `delegation.${key} must be a whole number from ${range.min} to ${range.max}.`,
    details: { path: `$.delegation.${key}`, min: range.min, max: range.max },
  };
}

/** The first limit of `form` the form refuses (see limitProblem), or null. */
export function firstLimitProblem(
  form: DelegationForm,
  ranges: Readonly<Record<string, DelegationLimitRange>> | undefined,
): LimitProblem | null {
  for (const key of DELEGATION_LIMITS) {
    const problem = limitProblem(key, form[key], ranges?.[key]);
    if (problem) return problem;
  }
  return null;
}

/** The document's `delegation` block for `form`. */
export function writeDelegation(form: DelegationForm): Json {
  const out: Json = {};
  for (const flag of FLAGS) out[flag] = form[flag];
  out.allowedCallers = [...form.allowedCallers];
  if (form.descriptionForAgents.trim() !== "") out.descriptionForAgents = form.descriptionForAgents;
  for (const key of DELEGATION_LIMITS) if (normalizeLimit(form[key]) !== "") out[key] = numberOrText(form[key]);
  return out;
}

/**
 * `tools.allow` after switching `canDelegate` / `canHandoff`: delegating needs `agent.delegate`,
 * `agent.await` and `agent.list`; handing off needs `agent.handoff` and `agent.list`. Switching off
 * removes the tools only that switch needed (the server refuses a listed tool whose switch is off).
 */
export function toolsForDelegation(allow: readonly string[], canDelegate: boolean, canHandoff: boolean): string[] {
  const wanted = new Set<string>();
  if (canDelegate)
    for (const id of [DELEGATION_TOOLS.list, DELEGATION_TOOLS.delegate, DELEGATION_TOOLS.await]) wanted.add(id);
  if (canHandoff) for (const id of [DELEGATION_TOOLS.list, DELEGATION_TOOLS.handoff]) wanted.add(id);
  const all = Object.values(DELEGATION_TOOLS) as string[];
  const kept = allow.filter((id) => !all.includes(id) || wanted.has(id));
  for (const id of all) if (wanted.has(id) && !kept.includes(id)) kept.push(id);
  return kept;
}

/** Callers as shown: `null` = anyone (`*` is listed), else the named profile ids. */
export function namedCallers(allowedCallers: readonly string[]): string[] | null {
  return allowedCallers.includes("*") ? null : [...allowedCallers];
}
