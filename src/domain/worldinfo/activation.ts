/**
 * World Info activation (docs/spec/worldinfo.md §3), following SillyTavern's documented rules:
 * - disabled entries never activate; constant entries always do (subject to probability, groups
 *   and the budget);
 * - an entry activates when one of its primary keys occurs in the scanned text (the newest
 *   `scanDepth` messages, or the entry's own scan depth) and, when `selective` with secondary
 *   keys, its selective logic holds: AND ANY (0) one secondary key occurs, NOT ALL (1) not every
 *   one does, NOT ANY (2) none does, AND ALL (3) every one does;
 * - probability: with `useProbability`, an entry that would activate does so with `probability` %;
 * - inclusion groups: of the entries of one group activated in one pass, one is kept — the highest
 *   `order` among those with `groupOverride`, else one drawn by `groupWeight`;
 * - budget: entries are taken by `order`, highest first; the first one that does not fit the budget
 *   (percent of the context, capped) stops activation;
 * - recursion (off by default): activated content (unless `preventRecursion`) is scanned again for
 *   keys of the remaining entries (not those with `excludeRecursion`), up to MAX_RECURSION_STEPS;
 * - minimum activations: while fewer entries are active, the scan goes one message deeper.
 * Result entries are in insertion order: ascending `order` (higher order = closer to the chat).
 */
import type { TokenCounterLike } from "../prompt/token-counter-like";
import type { WorldEntry } from "./entry";
import { POSITION_NAMES } from "./entry";
import { keyMatches, type MatchOptions } from "./keys";
import { MAX_RECURSION_STEPS, worldInfoBudget, type WorldInfoSettings } from "./settings";

/** A book as activation reads it. */
export interface ActivationBook {
  id: string;
  name: string;
  entries: ReadonlyArray<WorldEntry>;
}

/** One activated entry. `position` is SillyTavern's number; `positionName` its name. */
export interface ActivatedEntry {
  bookId: string;
  world: string;
  uid: number;
  comment: string;
  content: string;
  constant: boolean;
  order: number;
  position: number;
  positionName: string;
  depth: number;
  role: number | null;
  tokens: number;
}

export interface ActivationInput {
  books: ReadonlyArray<ActivationBook>;
  /** Message texts, newest first. */
  messages: ReadonlyArray<string>;
  settings: WorldInfoSettings;
  /** The prompt's context size in tokens (the budget is a share of it). */
  contextTokens: number;
  counter: TokenCounterLike;
  /** Uniform in [0, 1); Math.random outside tests. */
  random?: () => number;
}

export interface ActivationResult {
  entries: ActivatedEntry[];
  budgetTokens: number;
  usedTokens: number;
  /** True when an entry was left out because the budget was spent. */
  budgetExhausted: boolean;
  /** The scan depth that was finally used (deeper than the setting with minimum activations). */
  scanDepth: number;
}

interface Candidate {
  book: ActivationBook;
  entry: WorldEntry;
  id: string;
}

const SELECTIVE = { AND_ANY: 0, NOT_ALL: 1, NOT_ANY: 2, AND_ALL: 3 } as const;

function secondaryHolds(entry: WorldEntry, text: string, options: MatchOptions): boolean {
  const secondary = entry.keysecondary.filter((k) => k.trim() !== "");
  if (!entry.selective || secondary.length === 0) return true;
  const hits = secondary.filter((k) => keyMatches(text, k, options)).length;
  switch (entry.selectiveLogic) {
    case SELECTIVE.NOT_ALL:
      return hits < secondary.length;
    case SELECTIVE.NOT_ANY:
      return hits === 0;
    case SELECTIVE.AND_ALL:
      return hits === secondary.length;
    default:
      return hits > 0;
  }
}

function groupsOf(entry: WorldEntry): string[] {
  return entry.group
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
}

/** Keeps one entry per inclusion group among `found` (override → highest order, else weighted draw). */
function filterGroups(found: Candidate[], random: () => number): Candidate[] {
  const losers = new Set<string>();
  const byGroup = new Map<string, Candidate[]>();
  for (const c of found) for (const g of groupsOf(c.entry)) byGroup.set(g, [...(byGroup.get(g) ?? []), c]);
  for (const members of byGroup.values()) {
    const live = members.filter((c) => !losers.has(c.id));
    if (live.length <= 1) continue;
    const prioritized = live.filter((c) => c.entry.groupOverride);
    let winner: Candidate;
    if (prioritized.length > 0) winner = prioritized.reduce((a, b) => (b.entry.order > a.entry.order ? b : a));
    else {
      const total = live.reduce((sum, c) => sum + Math.max(0, c.entry.groupWeight), 0);
      let roll = random() * total;
      winner = live[live.length - 1]!;
      for (const c of live) {
        roll -= Math.max(0, c.entry.groupWeight);
        if (roll < 0) {
          winner = c;
          break;
        }
      }
    }
    for (const c of live) if (c !== winner) losers.add(c.id);
  }
  return found.filter((c) => !losers.has(c.id));
}

/** See the file docstring. */
export function activateWorldInfo(input: ActivationInput): ActivationResult {
  const random = input.random ?? Math.random;
  const { settings } = input;
  const budgetTokens = worldInfoBudget(settings, input.contextTokens);
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const book of input.books) {
    if (seen.has(book.id)) continue;
    seen.add(book.id);
    for (const entry of book.entries)
      if (!entry.disable) candidates.push({ book, entry, id: `${book.id}#${entry.uid}` });
  }
  candidates.sort((a, b) => b.entry.order - a.entry.order);
  const rolls = new Map<string, boolean>();
  const passes = (c: Candidate): boolean => {
    if (!c.entry.useProbability || c.entry.probability >= 100) return true;
    if (!rolls.has(c.id)) rolls.set(c.id, random() * 100 < c.entry.probability);
    return rolls.get(c.id)!;
  };
  const maxDepth =
    settings.minActivationsDepthMax > 0
      ? Math.min(settings.minActivationsDepthMax, input.messages.length)
      : input.messages.length;
  let depth = settings.scanDepth;
  for (;;) {
    const result = scan(candidates, input, depth, budgetTokens, passes, random);
    const wantMore =
      settings.minActivations > 0 &&
      result.entries.length < settings.minActivations &&
      !result.budgetExhausted &&
      depth < maxDepth;
    if (!wantMore) return result;
    depth += 1;
  }
}

function scan(
  candidates: Candidate[],
  input: ActivationInput,
  depth: number,
  budgetTokens: number,
  passes: (c: Candidate) => boolean,
  random: () => number,
): ActivationResult {
  const { settings, counter } = input;
  const texts = new Map<number, string>();
  const textAt = (d: number): string => {
    if (!texts.has(d)) texts.set(d, input.messages.slice(0, Math.max(0, d)).join("\n"));
    return texts.get(d)!;
  };
  const active: Array<{ c: Candidate; tokens: number }> = [];
  const done = new Set<string>();
  let used = 0;
  let exhausted = false;
  let recursionText = "";
  for (let step = 0; step <= MAX_RECURSION_STEPS && !exhausted; step += 1) {
    const found: Candidate[] = [];
    for (const c of candidates) {
      if (done.has(c.id)) continue;
      const e = c.entry;
      const options: MatchOptions = {
        caseSensitive: e.caseSensitive ?? settings.caseSensitive,
        matchWholeWords: e.matchWholeWords ?? settings.matchWholeWords,
      };
      let hit: boolean;
      if (e.constant) hit = step === 0;
      else if (step > 0 && e.excludeRecursion) hit = false;
      else {
        const text = step === 0 ? textAt(e.scanDepth ?? depth) : recursionText;
        hit = e.key.some((k) => keyMatches(text, k, options)) && secondaryHolds(e, text, options);
      }
      if (!hit) continue;
      done.add(c.id);
      if (passes(c)) found.push(c);
    }
    const added: Candidate[] = [];
    for (const c of filterGroups(found, random)) {
      const tokens = counter.count(c.entry.content);
      if (used + tokens > budgetTokens) {
        exhausted = true;
        break;
      }
      used += tokens;
      active.push({ c, tokens });
      added.push(c);
    }
    if (!settings.recursive || added.length === 0) break;
    recursionText = added
      .filter((c) => !c.entry.preventRecursion)
      .map((c) => c.entry.content)
      .join("\n");
    if (recursionText === "") break;
  }
  const entries = active
    .map(({ c, tokens }) => ({
      bookId: c.book.id,
      world: c.book.name,
      uid: c.entry.uid,
      comment: c.entry.comment,
      content: c.entry.content,
      constant: c.entry.constant,
      order: c.entry.order,
      position: c.entry.position,
      positionName: POSITION_NAMES[c.entry.position] ?? "after_char",
      depth: c.entry.depth,
      role: c.entry.role,
      tokens,
    }))
    .sort((a, b) => a.order - b.order);
  return { entries, budgetTokens, usedTokens: used, budgetExhausted: exhausted, scanDepth: depth };
}
