/**
 * Skill scopes (docs/spec/skills.md "Scopes"; docs/decisions/2500 for the hosted preset scope).
 * Text form, used by every route's `?scope=` and stored as the scope key:
 * `global` · `profile:<profileId>` · `character:<characterId>` · `preset:<skill set name>`.
 * Resolution order for a run is global → preset → profile → character (later scopes override a
 * same-name skill). Bad text → `skill.scope_invalid` (400).
 */
import { AppError } from "../errors";

export type SkillScope =
  | { kind: "global" }
  | { kind: "preset"; name: string }
  | { kind: "profile"; profileId: string }
  | { kind: "character"; characterId: string };

export type SkillScopeKind = SkillScope["kind"];

/** The order scopes are layered in (later wins). */
export const SCOPE_ORDER: readonly SkillScopeKind[] = ["global", "preset", "profile", "character"];

const PROFILE_ID = /^[a-z0-9_-]{1,128}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the rule
const CONTROL = /[\u0000-\u001f\u007f]/;

function invalid(raw: string, why: string): AppError {
  return new AppError("skill.scope_invalid", `"${raw.slice(0, 200)}" is not a skill scope: ${why}.`, {
    scope: raw.slice(0, 200),
  });
}

function freeText(raw: string, value: string, what: string, max: number): string {
  if (value.length === 0 || value.trim() !== value) throw invalid(raw, `the ${what} must be non-empty and trimmed`);
  if (value.length > max || CONTROL.test(value))
    throw invalid(raw, `the ${what} must be at most ${max} characters without control characters`);
  return value;
}

/** Parses the text form (undefined or empty → global). */
export function parseSkillScope(raw: string | undefined): SkillScope {
  if (raw === undefined || raw === "" || raw === "global") return { kind: "global" };
  const colon = raw.indexOf(":");
  if (colon < 0) throw invalid(raw, "use global, profile:<id>, character:<id> or preset:<name>");
  const kind = raw.slice(0, colon);
  const value = raw.slice(colon + 1);
  switch (kind) {
    case "profile":
      if (!PROFILE_ID.test(value)) throw invalid(raw, "a profile id is lowercase a-z, 0-9, - and _ (at most 128)");
      return { kind: "profile", profileId: value };
    case "character":
      return { kind: "character", characterId: freeText(raw, value, "character id", 256) };
    case "preset":
      return { kind: "preset", name: freeText(raw, value, "skill set name", 128) };
    default:
      throw invalid(raw, "use global, profile:<id>, character:<id> or preset:<name>");
  }
}

/** The text form (inverse of parseSkillScope). */
export function formatSkillScope(scope: SkillScope): string {
  switch (scope.kind) {
    case "global":
      return "global";
    case "preset":
      return `preset:${scope.name}`;
    case "profile":
      return `profile:${scope.profileId}`;
    case "character":
      return `character:${scope.characterId}`;
  }
}

/** Normalizes a text scope (throws `skill.scope_invalid`). */
export function normalizeScopeKey(raw: string | undefined): string {
  return formatSkillScope(parseSkillScope(raw));
}

/** What a run layers on top of global: its skill set (preset), profile and character. */
export interface RunSkillScopes {
  preset?: string;
  profileId: string;
  characterId?: string;
}

/** The scope keys of a run in resolution order (global first). */
export function runScopeKeys(refs: RunSkillScopes): string[] {
  const keys = ["global"];
  if (refs.preset) keys.push(`preset:${refs.preset}`);
  keys.push(`profile:${refs.profileId}`);
  if (refs.characterId) keys.push(`character:${refs.characterId}`);
  return keys;
}
