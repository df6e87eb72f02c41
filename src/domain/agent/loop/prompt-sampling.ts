/**
 * Sampling fields of a prompt snapshot's chatCompletionPayload (docs/spec/agent-runtime.md §9
 * `startRunWithPromptSnapshot`; ADR 1460). The known OpenAI-style fields are checked when a run
 * starts, so a value no provider accepts (or one JSON turned into ±Infinity) is refused before
 * anything is created instead of being sent on every model call:
 * - `max_tokens`, `max_completion_tokens`: whole numbers 1 … 10,000,000;
 * - `temperature` 0 … 2; `top_p` 0 … 1; `frequency_penalty`, `presence_penalty` -2 … 2;
 * - `seed`: a safe integer (|seed| ≤ 2^53 - 1); `top_k`: a whole number ≥ 0 (safe integer);
 * - `n`: absent or 1 (a run asks for one answer per turn);
 * - `stop`: a string or a list of strings.
 * `null` counts as absent. Every other key is left alone (kept in the snapshot, not sent).
 */

/** Largest accepted `max_tokens` / `max_completion_tokens`. */
export const MAX_SAMPLING_OUTPUT_TOKENS = 10_000_000;

/** One refused field: `path` from the request body root, `message` for a person. */
export interface SamplingIssue {
  path: string;
  field: string;
  message: string;
}

const PATH_PREFIX = "promptSnapshot.chatCompletionPayload.";

type Check = (value: unknown) => string | null;

const isNumber = (value: unknown): value is number => typeof value === "number";

const wholeInRange =
  (min: number, max: number, what: string): Check =>
  (value) =>
    isNumber(value) && Number.isSafeInteger(value) && value >= min && value <= max ? null : `must be ${what}`;

const inRange =
  (min: number, max: number): Check =>
  (value) =>
    isNumber(value) && Number.isFinite(value) && value >= min && value <= max
      ? null
      : `must be a number from ${min} to ${max}`;

const tokens = wholeInRange(1, MAX_SAMPLING_OUTPUT_TOKENS, "a whole number from 1 to 10,000,000");

/** The checked fields, in the order issues are reported. */
const CHECKS: ReadonlyArray<readonly [string, Check]> = [
  ["max_tokens", tokens],
  ["max_completion_tokens", tokens],
  ["temperature", inRange(0, 2)],
  ["top_p", inRange(0, 1)],
  ["frequency_penalty", inRange(-2, 2)],
  ["presence_penalty", inRange(-2, 2)],
  [
    "seed",
    wholeInRange(
      -Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER,
      "a whole number between -9007199254740991 and 9007199254740991",
    ),
  ],
  ["top_k", wholeInRange(0, Number.MAX_SAFE_INTEGER, "a whole number from 0")],
  ["n", (value) => (value === 1 ? null : "must be 1 or left out (an Agent run asks for one answer per turn)")],
  [
    "stop",
    (value) =>
      typeof value === "string" || (Array.isArray(value) && value.every((s) => typeof s === "string"))
        ? null
        : "must be a string or a list of strings",
  ],
];

function shown(value: unknown): string {
  if (isNumber(value)) return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The payload's refused sampling fields (empty when all are fine). */
export function samplingIssues(payload: Record<string, unknown>): SamplingIssue[] {
  const issues: SamplingIssue[] = [];
  for (const [field, check] of CHECKS) {
    const value = payload[field];
    if (value === undefined || value === null) continue;
    const problem = check(value);
    if (problem !== null)
      issues.push({ path: `${PATH_PREFIX}${field}`, field, message: `${field} ${problem} (got ${shown(value)})` });
  }
  return issues;
}
