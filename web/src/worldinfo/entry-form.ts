/**
 * The World Info entry fields the editor shows, and which kept SillyTavern options are not applied
 * (docs/spec/worldinfo.md §3): they are listed on the entry as "kept, not applied" when set.
 */
import type { WorldEntry } from "./types";

/** Options kept on import and export but not applied by TavernEdge. */
export const NOT_APPLIED = [
  "sticky",
  "cooldown",
  "delay",
  "delayUntilRecursion",
  "vectorized",
  "automationId",
] as const;

/** The kept-but-not-applied options an entry sets (non-empty, non-zero, non-false). */
export function notAppliedSet(entry: WorldEntry): string[] {
  return NOT_APPLIED.filter((k) => {
    const v = entry[k];
    return v !== undefined && v !== null && v !== false && v !== 0 && v !== "";
  });
}

/** Keys typed as one comma-separated line (a regex key with a comma stays whole between slashes). */
export function parseKeys(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let inRegex = false;
  for (const ch of line) {
    if (ch === "/" && current.trim() === "") inRegex = true;
    else if (ch === "/" && inRegex) inRegex = false;
    if (ch === "," && !inRegex) {
      if (current.trim()) out.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

export const keysLine = (v: unknown): string => (Array.isArray(v) ? v.join(", ") : "");

/** Positions the prompt places (others are kept and placed after the character). */
export const POSITIONS = [0, 1, 4] as const;
