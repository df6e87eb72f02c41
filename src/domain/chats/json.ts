/**
 * JSON parsing that keeps number tokens exactly (docs/spec/hosted.md §8): where the runtime
 * supports `JSON.rawJSON` and reviver source text (workerd does; Node 20 does not), a number whose
 * shortest form differs from its source (e.g. integers beyond 2^53) becomes a raw JSON value, so
 * stringifying writes the original digits back. Used only for data that stays inside the object
 * (imported unknown fields, export); API views use plain JSON.parse.
 */
type RawJson = (text: string) => unknown;

export function parsePreservingNumbers(text: string): unknown {
  const rawJSON = (JSON as unknown as { rawJSON?: RawJson }).rawJSON;
  if (typeof rawJSON !== "function") return JSON.parse(text);
  const reviver = (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === "number" && context?.source !== undefined && String(value) !== context.source
      ? rawJSON(context.source)
      : value;
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}
