/**
 * JSON parsing that keeps number tokens exactly (docs/spec/hosted.md §8): where the runtime
 * supports `JSON.rawJSON` and reviver source text (workerd and Node 22 do), a number whose
 * shortest form differs from its source (e.g. integers beyond 2^53) becomes a raw JSON value, so
 * stringifying writes the original digits back. Used only for data that stays inside the object
 * (imported unknown fields, export); API views use plain JSON.parse.
 */
type RawJson = (text: string) => unknown;

/** A JSON string token, or a number token (with whatever digits, sign and exponent follow it). */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/g;

/**
 * True when `text` holds a number token whose shortest form differs from its source (e.g.
 * `12345678901234567890`, `1.50`, `1e3`, `-0`), i.e. when plain `JSON.parse` would lose or change
 * digits. Strings are skipped as whole tokens, so digits inside them never count. Scans once,
 * with no allocation per token but the number's own text.
 */
export function hasInexactNumbers(text: string): boolean {
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const token = match[0];
    if (token.charCodeAt(0) === 34) continue; // '"': a string
    if (String(Number(token)) !== token) return true;
  }
  return false;
}

/**
 * Parses `text`, keeping number tokens exactly where they need it: the reviver (one call per
 * value) runs only when hasInexactNumbers finds such a token, so ordinary lines parse at plain
 * `JSON.parse` speed (issue 31: the reviver was about a quarter of an import).
 */
export function parsePreservingNumbers(text: string): unknown {
  const rawJSON = (JSON as unknown as { rawJSON?: RawJson }).rawJSON;
  if (typeof rawJSON !== "function" || !hasInexactNumbers(text)) return JSON.parse(text);
  const reviver = (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === "number" && context?.source !== undefined && String(value) !== context.source
      ? rawJSON(context.source)
      : value;
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}
