/**
 * A World Info entry as SillyTavern writes it in a World Info JSON file (docs/spec/worldinfo.md
 * §1): keyed by `uid`, every field SillyTavern knows kept with its name and value, unknown fields
 * kept too. The activation rules read the fields listed in `ENTRY_FIELDS_APPLIED`; the others
 * (sticky, cooldown, delay, vectorized, automationId, …) survive import and export but are not
 * applied (`ENTRY_FIELDS_KEPT`).
 */

/** A World Info entry (SillyTavern JSON field names; unknown fields kept). */
export interface WorldEntry {
  uid: number;
  key: string[];
  keysecondary: string[];
  comment: string;
  content: string;
  constant: boolean;
  selective: boolean;
  /** 0 AND ANY · 1 NOT ALL · 2 NOT ANY · 3 AND ALL (SillyTavern `world_info_logic`). */
  selectiveLogic: number;
  /** Insertion order: higher is inserted later (closer to the chat) and kept first under the budget. */
  order: number;
  /** 0 before the character definition · 1 after it · 4 at depth (others kept, placed after). */
  position: number;
  disable: boolean;
  excludeRecursion: boolean;
  preventRecursion: boolean;
  probability: number;
  useProbability: boolean;
  depth: number;
  /** 0 system · 1 user · 2 assistant (at-depth entries). */
  role: number | null;
  /** Inclusion group names, comma separated ("" = none). */
  group: string;
  groupOverride: boolean;
  groupWeight: number;
  /** Per-entry overrides of the global settings (null = use the global one). */
  scanDepth: number | null;
  caseSensitive: boolean | null;
  matchWholeWords: boolean | null;
  [field: string]: unknown;
}

/** Entry fields the activation applies (docs/spec/worldinfo.md §3). */
export const ENTRY_FIELDS_APPLIED = [
  "key",
  "keysecondary",
  "selective",
  "selectiveLogic",
  "constant",
  "disable",
  "caseSensitive",
  "matchWholeWords",
  "probability",
  "useProbability",
  "group",
  "groupOverride",
  "groupWeight",
  "scanDepth",
  "order",
  "position",
  "depth",
  "role",
  "excludeRecursion",
  "preventRecursion",
] as const;

/** SillyTavern options kept on import and export but not applied (shown as such in the editor). */
export const ENTRY_FIELDS_KEPT = [
  "sticky",
  "cooldown",
  "delay",
  "delayUntilRecursion",
  "vectorized",
  "useGroupScoring",
  "automationId",
  "addMemo",
  "ignoreBudget",
  "matchPersonaDescription",
  "matchCharacterDescription",
  "matchCharacterPersonality",
  "matchCharacterDepthPrompt",
  "matchScenario",
  "matchCreatorNotes",
  "triggers",
  "characterFilter",
] as const;

/** Positions the prompt places as such; every other position is placed after the character. */
export const POSITION_NAMES: Record<number, string> = {
  0: "before_char",
  1: "after_char",
  2: "an_top",
  3: "an_bottom",
  4: "at_depth",
  5: "em_top",
  6: "em_bottom",
  7: "outlet",
};

const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : d);
const num = (v: unknown, d: number): number => (typeof v === "number" && Number.isFinite(v) ? v : d);
const bool = (v: unknown, d: boolean): boolean => (typeof v === "boolean" ? v : d);
const strList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((k): k is string => typeof k === "string")
    : typeof v === "string" && v.trim()
      ? v
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean)
      : [];
const nullable = <T>(v: unknown, pick: (v: unknown) => T | undefined): T | null =>
  v === null ? null : (pick(v) ?? null);

/**
 * An entry from any JSON object: SillyTavern's fields read with their defaults, every other field
 * kept as given. `uid` is the fallback when the object has none.
 */
export function normalizeEntry(raw: Record<string, unknown>, uid: number): WorldEntry {
  return {
    ...raw,
    uid: Number.isInteger(raw.uid) ? (raw.uid as number) : uid,
    key: strList(raw.key),
    keysecondary: strList(raw.keysecondary),
    comment: str(raw.comment),
    content: str(raw.content),
    constant: bool(raw.constant, false),
    selective: bool(raw.selective, true),
    selectiveLogic: num(raw.selectiveLogic, 0),
    order: num(raw.order, 100),
    position: num(raw.position, 0),
    disable: bool(raw.disable, false),
    excludeRecursion: bool(raw.excludeRecursion, false),
    preventRecursion: bool(raw.preventRecursion, false),
    probability: num(raw.probability, 100),
    useProbability: bool(raw.useProbability, true),
    depth: num(raw.depth, 4),
    role: nullable(raw.role, (v) => (typeof v === "number" ? v : undefined)),
    group: str(raw.group),
    groupOverride: bool(raw.groupOverride, false),
    groupWeight: num(raw.groupWeight, 100),
    scanDepth: nullable(raw.scanDepth, (v) => (typeof v === "number" ? v : undefined)),
    caseSensitive: nullable(raw.caseSensitive, (v) => (typeof v === "boolean" ? v : undefined)),
    matchWholeWords: nullable(raw.matchWholeWords, (v) => (typeof v === "boolean" ? v : undefined)),
  };
}
