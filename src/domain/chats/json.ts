/**
 * JSON parsing that keeps number tokens exactly (docs/spec/hosted.md §8): where the runtime
 * supports `JSON.rawJSON` and reviver source text (workerd and Node 22 do), a number whose
 * shortest form differs from its source (e.g. integers beyond 2^53) becomes a raw JSON value, so
 * stringifying writes the original digits back. Used only for data that stays inside the object
 * (imported unknown fields, export); API views use plain JSON.parse.
 */
type RawJson = (text: string) => unknown;

/**
 * True when the number token `text.slice(from, to)` has a shortest form other than its source.
 * An integer of at most 15 digits (other than `-0`) always prints back as written, so only tokens
 * with a fraction, an exponent, 16+ digits or `-0` are converted and compared.
 */
function isInexactToken(text: string, from: number, to: number): boolean {
  const digitsFrom = text.charCodeAt(from) === 45 ? from + 1 : from; // '-'
  let plain = to - digitsFrom <= 15;
  for (let i = digitsFrom; plain && i < to; i += 1) {
    const code = text.charCodeAt(i);
    plain = code >= 48 && code <= 57;
  }
  if (plain && !(digitsFrom > from && to - digitsFrom === 1 && text.charCodeAt(digitsFrom) === 48)) return false;
  const token = text.slice(from, to);
  return String(Number(token)) !== token;
}

/** Index just past the string token that opens at `quote` (a '"'), or -1 when it never closes. */
function skipString(text: string, quote: number): number {
  let from = quote + 1;
  for (;;) {
    const close = text.indexOf('"', from);
    if (close < 0) return -1;
    let backslashes = 0;
    while (close - 1 - backslashes > quote && text.charCodeAt(close - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return close + 1;
    from = close + 1;
  }
}

/**
 * True when `text` holds a number token whose shortest form differs from its source (e.g.
 * `12345678901234567890`, `1.50`, `1e3`, `-0`), i.e. when plain `JSON.parse` would lose or change
 * digits. Strings are skipped whole with `indexOf` (a chat line is mostly string), so digits inside
 * them never count; only the few number tokens between strings are looked at (issue 31: a regular
 * expression stepping through every character was the largest single cost of an import).
 * Malformed JSON may answer either way: `JSON.parse` rejects it on both paths.
 */
export function hasInexactNumbers(text: string): boolean {
  const length = text.length;
  let at = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (code === 34) {
      at = skipString(text, at);
      if (at < 0) return false;
      continue;
    }
    const startsNumber =
      (code >= 48 && code <= 57) || (code === 45 && at + 1 < length && isDigit(text.charCodeAt(at + 1)));
    if (!startsNumber) {
      at += 1;
      continue;
    }
    let end = at + 1;
    while (end < length && isNumberChar(text.charCodeAt(end))) end += 1;
    if (isInexactToken(text, at, end)) return true;
    at = end;
  }
  return false;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Digits, '.', 'e', 'E', '+', '-': what may follow the first digit of a JSON number token. */
function isNumberChar(code: number): boolean {
  return isDigit(code) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45;
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
