/**
 * Tool-call arguments shown as the model sent them (docs/spec/agent-runtime.md §9 "Reading one
 * tool call"): JSON is indented for reading, and every number keeps the text it was sent as, where
 * a plain `JSON.parse` would change it (12345678901234567890 → 12345678901234567000, 1e400 →
 * null, -0 → 0, 1E+2 → 100).
 */

type RawJson = (text: string) => unknown;
const rawJson: RawJson | undefined = (JSON as unknown as { rawJSON?: RawJson }).rawJSON;

/**
 * `text` indented two spaces when it is compact JSON that reads back exactly (each number written as
 * it was sent, through `JSON.rawJSON`). Anything a re-indent would change is returned as sent: text
 * that is not JSON, spaced JSON, keys a JavaScript object reorders (`"2"` before `"b"`) or repeats,
 * `\u` escapes, and any JSON in a browser without `JSON.rawJSON`.
 */
export function prettyExactJson(text: string): string {
  if (!rawJson) return text;
  try {
    const value = JSON.parse(text, function keep(
      this: unknown,
      _key: string,
      parsed: unknown,
      context?: { source?: string },
    ) {
      const source = context?.source;
      return typeof parsed === "number" && source !== undefined && source !== String(parsed) ? rawJson(source) : parsed;
    } as (this: unknown, key: string, value: unknown) => unknown);
    return JSON.stringify(value) === text ? JSON.stringify(value, null, 2) : text;
  } catch {
    return text;
  }
}
