/**
 * The one test for "a JSON object" (not null, not an array) used where a value read from JSON or
 * from an archive is checked field by field before it is trusted.
 */

/** True when `value` is a non-null, non-array object; narrows it to a string-keyed record. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
