/**
 * ToolArguments normalization (docs/spec/tool-system.md §1) and digit-exact JSON parsing (docs/spec/hosted.md
 * §8).
 *
 * | raw input from the model / provider             | result                                   |
 * | ----------------------------------------------- | ---------------------------------------- |
 * | absent, `null`, blank string, `"null"`, `"{}"`  | object `{}`                              |
 * | a JSON object (already parsed)                  | object (as given)                        |
 * | a string holding a JSON object                  | object (parsed, big integers kept exact) |
 * | a string holding a JSON string holding an object| object                                   |
 * | anything else (truncated JSON, arrays, scalars) | invalid, raw text kept for audit         |
 *
 * Invalid arguments are refused with the recoverable `tool.invalid_arguments` (after the budget is
 * charged); storage keeps the raw text and replay to providers always sends `{}`.
 */
import { isJsonObject } from "../json-object";

/** Normalized arguments: an object, or the raw text of arguments that were not an object. */
export type ToolArguments = { kind: "object"; value: Record<string, unknown> } | { kind: "invalid"; rawText: string };

/** How many characters of invalid arguments `tool.invalid_arguments` quotes. */
export const INVALID_ARGUMENTS_PREVIEW_CHARS = 200;

type RawJsonFn = (text: string) => unknown;
const rawJson: RawJsonFn | undefined = (JSON as unknown as { rawJSON?: RawJsonFn }).rawJSON;
const INTEGER_LITERAL = /^-?\d+$/;
/**
 * 16 consecutive ASCII digits: an integer literal beyond Number.MAX_SAFE_INTEGER (9007199254740991,
 * 16 digits) has at least that many, so text without such a run parses the same without the reviver.
 */
const SIXTEEN_DIGITS = /\d{16}/;

/**
 * JSON.parse that keeps the digits of integers beyond 2^53: where the runtime has
 * `JSON.rawJSON` and reviver source access (workerd, Node 22), such a number becomes a raw-JSON value that
 * `JSON.stringify` writes back verbatim (`9007199254740993` stays `9007199254740993`). Elsewhere
 * (older runtimes) it is a plain number. Text with no run of 16 digits cannot hold such an integer,
 * so it takes plain `JSON.parse`: the same result without a reviver call per value. Throws
 * SyntaxError like JSON.parse.
 */
export function parseJsonExact(text: string): unknown {
  if (!rawJson || !SIXTEEN_DIGITS.test(text)) return JSON.parse(text);
  return JSON.parse(text, function reviver(this: unknown, _key: string, value: unknown, context?: { source?: string }) {
    if (
      typeof value === "number" &&
      context?.source !== undefined &&
      !Number.isSafeInteger(value) &&
      INTEGER_LITERAL.test(context.source)
    ) {
      return rawJson(context.source);
    }
    return value;
  } as (this: unknown, key: string, value: unknown) => unknown);
}

/** True when this runtime keeps big-integer digits in parseJsonExact. */
export function exactJsonNumbersSupported(): boolean {
  return rawJson !== undefined;
}

/** Normalizes raw tool-call arguments per the table above. Never throws. */
export function normalizeToolArguments(raw: unknown): ToolArguments {
  if (raw === undefined || raw === null) return empty();
  if (typeof raw === "string") return fromText(raw, 0);
  if (isJsonObject(raw)) return { kind: "object", value: raw };
  return { kind: "invalid", rawText: safeStringify(raw) };
}

/** Arguments to replay to a provider: the object, or `{}` for invalid arguments. */
export function replayArguments(args: ToolArguments): Record<string, unknown> {
  return args.kind === "object" ? args.value : {};
}

/** Text to store for audit: the JSON of the object, or the raw invalid text. */
export function auditArgumentsText(args: ToolArguments): string {
  return args.kind === "object" ? JSON.stringify(args.value) : args.rawText;
}

/** The person-readable message of `tool.invalid_arguments`, quoting the first 200 characters (+ `…`). */
export function invalidArgumentsMessage(rawText: string): string {
  const chars = Array.from(rawText);
  const quoted =
    chars.length > INVALID_ARGUMENTS_PREVIEW_CHARS
      ? `${chars.slice(0, INVALID_ARGUMENTS_PREVIEW_CHARS).join("")}…`
      : rawText;
  return `Tool arguments must be a JSON object; got: ${quoted}`;
}

function fromText(text: string, depth: number): ToolArguments {
  const trimmed = text.trim();
  if (depth === 0 && (trimmed === "" || trimmed === "null" || trimmed === "{}")) return empty();
  let parsed: unknown;
  try {
    parsed = parseJsonExact(trimmed);
  } catch {
    return { kind: "invalid", rawText: text };
  }
  if (parsed === null && depth === 0) return empty();
  if (isJsonObject(parsed)) return { kind: "object", value: parsed };
  if (typeof parsed === "string" && depth === 0) {
    const inner = fromText(parsed, 1);
    return inner.kind === "object" ? inner : { kind: "invalid", rawText: text };
  }
  return { kind: "invalid", rawText: text };
}

function empty(): ToolArguments {
  return { kind: "object", value: {} };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
