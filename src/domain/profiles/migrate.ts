/**
 * Schema migration v1/v2 → v3 (docs/spec/profiles.md §4), on raw JSON before the
 * strict parse. Every key of `tools.allow`, `tools.deny`, `tools.toolDescriptions` and
 * `tools.maxCallsPerTool` that is a bare name (no `:`) becomes `builtin:<name>`;
 * `tools.mcpResultInlineCharLimit` defaults to 50,000 when absent; `schemaVersion` becomes 3;
 * everything else is preserved verbatim (unknown fields still fail the strict parse afterwards).
 * A v3 document is returned unchanged (`migratedFrom: null`); any other version, or a document
 * whose `tools` is not an object, is left for the parser to reject. Never used on the resolved
 * profile frozen into a run.
 */
import { AGENT_PROFILE_SCHEMA_VERSION, MIGRATABLE_SCHEMA_VERSIONS, PROFILE_DEFAULTS } from "./definition";

/** The migrated document (a deep copy when migrated) and the version it came from (null: none). */
export interface MigrationResult {
  document: unknown;
  migratedFrom: number | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const canonical = (key: string) => (key.includes(":") ? key : `builtin:${key}`);

/** Migrates `raw` to v3 when it is a v1/v2 profile (see file docstring). Pure; never throws. */
export function migrateProfileDocument(raw: unknown): MigrationResult {
  if (
    !isObject(raw) ||
    typeof raw.schemaVersion !== "number" ||
    !MIGRATABLE_SCHEMA_VERSIONS.includes(raw.schemaVersion)
  ) {
    return { document: raw, migratedFrom: null };
  }
  const document = structuredClone(raw);
  const from = raw.schemaVersion;
  const tools = document.tools;
  if (isObject(tools)) {
    for (const key of ["allow", "deny"]) {
      const list = tools[key];
      if (Array.isArray(list)) tools[key] = list.map((entry) => (typeof entry === "string" ? canonical(entry) : entry));
    }
    for (const key of ["toolDescriptions", "maxCallsPerTool"]) {
      const map = tools[key];
      if (isObject(map))
        tools[key] = Object.fromEntries(Object.entries(map).map(([name, value]) => [canonical(name), value]));
    }
    if (tools.mcpResultInlineCharLimit === undefined)
      tools.mcpResultInlineCharLimit = PROFILE_DEFAULTS.mcpResultInlineCharLimit;
  }
  document.schemaVersion = AGENT_PROFILE_SCHEMA_VERSION;
  return { document, migratedFrom: from };
}
