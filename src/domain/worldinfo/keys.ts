/**
 * Key matching of World Info (docs/spec/worldinfo.md §3 "Keys"), as SillyTavern documents it:
 * - a key written `/pattern/flags` is a JavaScript regular expression, tested as is (its own flags
 *   decide case);
 * - otherwise, unless case-sensitive, key and text are compared lower-cased;
 * - with "match whole words", a one-word key must stand between non-word characters (or the text's
 *   ends); a key with a space is matched as a substring.
 *
 * Errors: `worldinfo.invalid_regex` (400) from `checkKeys` when a `/…/` key does not compile.
 */
import { AppError } from "../errors";

const REGEX_KEY = /^\/([\s\S]+)\/([gimsuy]*)$/;

/** The RegExp of a `/pattern/flags` key, null when the key is plain text, undefined when it does not compile. */
export function regexOfKey(key: string): RegExp | null | undefined {
  const match = REGEX_KEY.exec(key.trim());
  if (!match) return null;
  try {
    return new RegExp(match[1]!, match[2]!.replace("g", ""));
  } catch {
    return undefined;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export interface MatchOptions {
  caseSensitive: boolean;
  matchWholeWords: boolean;
}

/** True when `key` occurs in `text` under `options` (blank keys never match). */
export function keyMatches(text: string, key: string, options: MatchOptions): boolean {
  if (key.trim() === "") return false;
  const regex = regexOfKey(key);
  if (regex) return regex.test(text);
  if (regex === undefined) return false;
  const haystack = options.caseSensitive ? text : text.toLowerCase();
  const needle = options.caseSensitive ? key.trim() : key.trim().toLowerCase();
  if (!options.matchWholeWords || /\s/.test(needle)) return haystack.includes(needle);
  return new RegExp(`(?:^|\\W)(${escapeRegex(needle)})(?:$|\\W)`, "u").test(haystack);
}

/**
 * Refuses `/…/` keys that do not compile, naming the entry and key
 * (`worldinfo.invalid_regex`, details `{uid, key}`).
 */
export function checkKeys(entries: ReadonlyArray<{ uid: number; key: string[]; keysecondary: string[] }>): void {
  for (const entry of entries) {
    for (const key of [...entry.key, ...entry.keysecondary]) {
      if (regexOfKey(key) === undefined)
        throw new AppError(
          "worldinfo.invalid_regex",
          `Entry ${entry.uid} has the key ${key}, which looks like a regular expression but is not a valid one.`,
          { uid: entry.uid, key },
        );
    }
  }
}
