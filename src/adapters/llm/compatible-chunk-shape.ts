/**
 * Parsing one streamed chat-completion chunk (docs/decisions/3650-chunk-shape-fast-path.md,
 * docs/spec/agent-runtime.md §7). The pinned `@ai-sdk/openai-compatible` model validates every
 * chunk against its zod chunk schema; on workerd zod cannot compile its checks, and the four chunks
 * of a tool-call answer cost about a tenth of an agent round's CPU (issue 31). Most chunks have one
 * plain shape, so `parseCompatibleChunk` checks that shape by hand and builds what the schema would
 * return; anything else (error chunks, array content, provider extras, a wrong type anywhere) goes
 * to the schema as before. tests/unit/models/compatible-chunk-shape.test.ts compares both on a corpus.
 */
import {
  type ParseResult,
  type Schema,
  safeParseJSON,
  safeValidateTypes,
  secureJsonParse,
} from "@ai-sdk/provider-utils";

type Fields = Record<string, unknown>;

/**
 * `safeParseJSON({ text, schema })` of the model's chunk schema, with the same result for every
 * input: `{ success, value, rawValue }` where `value` is what the schema returns (known keys checked,
 * unknown keys of the strict objects dropped, `refusal` mapped to a string or undefined). Never
 * throws; a JSON or type error is a failed result with the SDK's error.
 */
export async function parseCompatibleChunk(text: string, schema: Schema<unknown>): Promise<ParseResult<unknown>> {
  let value: unknown;
  try {
    value = secureJsonParse(text);
  } catch {
    return safeParseJSON({ text, schema });
  }
  const shaped = plainChunk(value);
  if (shaped !== undefined) return { success: true, value: shaped, rawValue: value };
  return safeValidateTypes({ value, schema });
}

/** Marks a shape the hand check does not cover; the caller then asks the schema. */
const UNCOVERED = Symbol("uncovered");

/**
 * What the chunk schema's first branch returns for `value`, or undefined when the value is not the
 * plain shape (then the schema decides, and may still accept it).
 */
export function plainChunk(value: unknown): Fields | undefined {
  if (!isFields(value)) return undefined;
  const { id, created, model, choices, usage } = value;
  if (!nullish(id, "string") || !nullish(created, "number") || !nullish(model, "string")) return undefined;
  if (!Array.isArray(choices)) return undefined;
  const out: Fields = { ...value };
  const shapedChoices = everyPlain(choices, plainChoice);
  if (shapedChoices === UNCOVERED) return undefined;
  out.choices = shapedChoices;
  if ("usage" in value) {
    const shaped = plainUsage(usage);
    if (shaped === UNCOVERED) return undefined;
    out.usage = shaped;
  }
  return out;
}

function plainChoice(choice: unknown): Fields | typeof UNCOVERED {
  if (!isFields(choice)) return UNCOVERED;
  const out: Fields = {};
  if ("delta" in choice) {
    const delta = choice.delta;
    if (delta === null) out.delta = null;
    else {
      const shaped = plainDelta(delta);
      if (shaped === UNCOVERED) return UNCOVERED;
      out.delta = shaped;
    }
  }
  if ("finish_reason" in choice) {
    if (!nullish(choice.finish_reason, "string")) return UNCOVERED;
    out.finish_reason = choice.finish_reason;
  }
  return out;
}

const STRING_DELTA_KEYS = ["content", "reasoning_content", "reasoning"] as const;

function plainDelta(delta: unknown): Fields | typeof UNCOVERED {
  if (!isFields(delta)) return UNCOVERED;
  const out: Fields = {};
  if ("role" in delta) {
    const role = delta.role;
    if (role !== null && role !== "assistant" && role !== "") return UNCOVERED;
    out.role = role;
  }
  for (const key of STRING_DELTA_KEYS) {
    if (!(key in delta)) continue;
    if (!nullish(delta[key], "string")) return UNCOVERED;
    out[key] = delta[key];
  }
  if ("refusal" in delta) out.refusal = typeof delta.refusal === "string" ? delta.refusal : undefined;
  if ("tool_calls" in delta) {
    const calls = delta.tool_calls;
    if (calls === null) out.tool_calls = null;
    else {
      if (!Array.isArray(calls)) return UNCOVERED;
      const shaped = everyPlain(calls, plainToolCall);
      if (shaped === UNCOVERED) return UNCOVERED;
      out.tool_calls = shaped;
    }
  }
  return out;
}

function plainToolCall(call: unknown): Fields | typeof UNCOVERED {
  if (!isFields(call) || !isFields(call.function)) return UNCOVERED;
  // Provider extras (a thought signature) are rare: the schema checks them.
  if ("extra_content" in call) return UNCOVERED;
  const out: Fields = {};
  if ("index" in call) {
    if (!nullish(call.index, "number")) return UNCOVERED;
    out.index = call.index;
  }
  if ("id" in call) {
    if (!nullish(call.id, "string")) return UNCOVERED;
    out.id = call.id;
  }
  const fn: Fields = {};
  for (const key of ["name", "arguments"] as const) {
    if (!(key in call.function)) continue;
    if (!nullish(call.function[key], "string")) return UNCOVERED;
    fn[key] = call.function[key];
  }
  out.function = fn;
  return out;
}

const USAGE_NUMBERS = ["prompt_tokens", "completion_tokens", "total_tokens"] as const;
const USAGE_DETAILS = {
  prompt_tokens_details: ["cached_tokens"],
  completion_tokens_details: ["reasoning_tokens", "accepted_prediction_tokens", "rejected_prediction_tokens"],
} as const;

/** The usage object keeps unknown keys (a loose object in the schema). */
function plainUsage(usage: unknown): unknown {
  if (usage === null || usage === undefined) return usage;
  if (!isFields(usage)) return UNCOVERED;
  for (const key of USAGE_NUMBERS) if (!nullish(usage[key], "number")) return UNCOVERED;
  const out: Fields = { ...usage };
  for (const [key, numbers] of Object.entries(USAGE_DETAILS)) {
    const details = usage[key];
    if (details === null || details === undefined) continue;
    if (!isFields(details)) return UNCOVERED;
    for (const name of numbers) if (!nullish(details[name], "number")) return UNCOVERED;
    out[key] = { ...details };
  }
  return out;
}

/** `shape` of every item, or UNCOVERED as soon as one item is not covered. */
function everyPlain(
  items: unknown[],
  shape: (item: unknown) => Fields | typeof UNCOVERED,
): Fields[] | typeof UNCOVERED {
  const out: Fields[] = [];
  for (const item of items) {
    const shaped = shape(item);
    if (shaped === UNCOVERED) return UNCOVERED;
    out.push(shaped);
  }
  return out;
}

function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nullish(value: unknown, type: "string" | "number"): boolean {
  return value === undefined || value === null || typeof value === type;
}
