/**
 * The editor's form of a profile's `delegation` block and `run.directRunnable` (docs/spec/profiles.md
 * §3, docs/spec/agent-delegation.md): pure, no React. Numbers stay as typed text and are sent as
 * numbers when they are whole numbers, otherwise as typed, so the server's strict reader names the
 * problem with its code and `details.path` (`agent.profile_delegation_concurrency_invalid` at
 * `$.delegation.maxConcurrentInvocations`, …). An empty number field is left out of the document
 * (the server fills its default). A blank `descriptionForAgents` is left out (blank is refused).
 */
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

/** "8" → 8; other text is sent as typed (the server names the problem). */
export function numberOrText(value: string): unknown {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The document's `delegation` block for `form`. */
export function writeDelegation(form: DelegationForm): Json {
  const out: Json = {};
  for (const flag of FLAGS) out[flag] = form[flag];
  out.allowedCallers = [...form.allowedCallers];
  if (form.descriptionForAgents.trim() !== "") out.descriptionForAgents = form.descriptionForAgents;
  for (const key of DELEGATION_LIMITS) if (form[key].trim() !== "") out[key] = numberOrText(form[key]);
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
