/**
 * Nesting and text checks for untrusted JSON (docs/spec/hardening.md "Untrusted JSON"), run on the
 * raw text BEFORE it becomes objects: deeply nested values make recursive code (structured clone
 * into the user's object, validators, JSON.stringify) overflow the stack, so they are refused while
 * they are still a string.
 *
 * - MAX_JSON_DEPTH: objects and arrays may nest at most 64 levels (`{"a":[1]}` is depth 2). A body
 *   or frame past it is refused with the path of the first container beyond the limit.
 * - Text that cannot be stored faithfully is refused: a lone UTF-16 surrogate (written as a `\uD800`
 *   escape) or U+0000 in any string or key. SQLite would store the former as U+FFFD and names with
 *   the latter are cut or unreadable, so the answer would differ from what a later read returns.
 */

/** Deepest nesting of objects/arrays accepted in request bodies and socket frames. */
export const MAX_JSON_DEPTH = 64;

/** Where a JSON text nests too deeply: the path (`a.b.0`, `$` for the root) and the limit. */
export interface JsonDepthProblem {
  path: string;
  maxDepth: number;
}

type Frame = { array: boolean; key: string | null; index: number; expectKey: boolean };

/**
 * Scans `text` (any text: invalid JSON is left to JSON.parse) and returns where nesting first
 * exceeds `maxDepth`, or null. Strings and their escapes are skipped, so brackets inside strings
 * never count. Linear time, O(maxDepth) memory.
 */
export function jsonDepthProblem(text: string, maxDepth = MAX_JSON_DEPTH): JsonDepthProblem | null {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      i += 1;
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c /* \ */ ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.key = keyText(text.slice(start, i + 1));
        top.expectKey = false;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= maxDepth) return { path: pathOf(stack), maxDepth };
      stack.push({ array: c === 0x5b, key: null, index: 0, expectKey: c === 0x7b });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index += 1;
      else if (top) top.expectKey = true;
    }
  }
  return null;
}

function keyText(raw: string): string {
  try {
    const key = JSON.parse(raw) as string;
    return key.length > 40 ? `${key.slice(0, 40)}…` : key;
  } catch {
    return "?";
  }
}

function pathOf(stack: Frame[]): string {
  if (stack.length === 0) return "$";
  return stack.map((frame) => (frame.array ? String(frame.index) : (frame.key ?? "?"))).join(".");
}

/** What is wrong with a string of a parsed JSON value: a lone surrogate or U+0000. */
export type TextProblem = { path: string; kind: "lone_surrogate" | "nul" };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a lone surrogate or U+0000. */
export function hasUnstorableText(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

/**
 * The first string or key in `value` (a parsed JSON value of bounded depth) holding a lone
 * surrogate or U+0000, with its path; null when every string can be stored faithfully.
 */
export function unstorableText(value: unknown, path: string[] = []): TextProblem | null {
  if (typeof value === "string") {
    if (!hasUnstorableText(value)) return null;
    return { path: path.join(".") || "$", kind: value.includes("\u0000") ? "nul" : "lone_surrogate" };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnstorableText(key)) return unstorableText(key, [...path, key]);
      const found = unstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
