/**
 * Tool-call arguments shown as the model sent them (docs/spec/agent-runtime.md §9 "Reading one
 * tool call"): JSON is indented for reading, and an integer beyond 2^53 keeps every digit, where a
 * plain `JSON.parse` would round it (12345678901234567890 → 12345678901234567000).
 */

type RawJson = (text: string) => unknown;
const rawJson: RawJson | undefined = (JSON as unknown as { rawJSON?: RawJson }).rawJSON;
const INTEGER = /^-?\d+$/;
/** An integer literal beyond Number.MAX_SAFE_INTEGER has at least 16 digits. */
const SIXTEEN_DIGITS = /\d{16}/;

/**
 * `text` indented two spaces when it is JSON, digits of big integers kept (through `JSON.rawJSON`,
 * where the browser has it). Text that is not JSON, or that holds a big integer the browser cannot
 * keep, is returned unchanged.
 */
export function prettyExactJson(text: string): string {
  const risky = SIXTEEN_DIGITS.test(text);
  if (risky && !rawJson) return text;
  try {
    const value = risky
      ? JSON.parse(text, function keep(this: unknown, _key: string, parsed: unknown, context?: { source?: string }) {
          const source = context?.source;
          return typeof parsed === "number" &&
            source !== undefined &&
            !Number.isSafeInteger(parsed) &&
            INTEGER.test(source)
            ? rawJson!(source)
            : parsed;
        } as (this: unknown, key: string, value: unknown) => unknown)
      : JSON.parse(text);
    return JSON.stringify(value, null, 2);
  } catch {
    return text;
  }
}
