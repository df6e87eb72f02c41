/**
 * World Info books in SillyTavern's formats (docs/spec/worldinfo.md §1):
 * - a World Info JSON file `{entries: {"<uid>": entry, …}, …}` (an array of entries is accepted);
 *   every top-level field besides `entries` is kept in `extra` and written back on export;
 * - a card's `character_book` (`{name?, scan_depth?, token_budget?, recursive_scanning?,
 *   extensions, entries: [{keys, secondary_keys, content, enabled, insertion_order, …}]}`),
 *   converted the way SillyTavern converts it (its own fields live under `entry.extensions`).
 *   The original is kept with the book, so an unedited book goes back into the card exactly as it
 *   came, and an edited one keeps every field the conversion does not model.
 *
 * Errors: `worldinfo.file_invalid` (400), `worldinfo.invalid_regex` (400).
 */
import { AppError } from "../errors";
import { normalizeEntry, type WorldEntry } from "./entry";
import { checkKeys } from "./keys";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A parsed book before it is stored. */
export interface ParsedBook {
  name: string;
  entries: WorldEntry[];
  /** Top-level fields of the file besides `entries` (SillyTavern World Info JSON). */
  extra: Json;
}

function invalid(message: string): AppError {
  return new AppError("worldinfo.file_invalid", message);
}

/** Reads a SillyTavern World Info JSON document (or a bare `character_book`). */
export function parseWorldInfoJson(json: unknown, fallbackName: string): ParsedBook {
  if (!isObject(json)) throw invalid("A World Info file is a JSON object with an `entries` field.");
  if (Array.isArray(json.entries) && json.entries.some((e) => isObject(e) && "keys" in e))
    return fromCharacterBook(json, fallbackName);
  const raw = json.entries;
  if (!isObject(raw) && !Array.isArray(raw))
    throw invalid("This JSON has no `entries`; it is not a SillyTavern World Info file.");
  const list = Array.isArray(raw) ? raw : Object.values(raw);
  const entries: WorldEntry[] = [];
  const uids = new Set<number>();
  list.forEach((item, index) => {
    if (!isObject(item)) throw invalid(`Entry ${index} is not an object.`);
    let entry = normalizeEntry(item, index);
    if (uids.has(entry.uid)) entry = { ...entry, uid: Math.max(...uids) + 1 };
    uids.add(entry.uid);
    entries.push(entry);
  });
  checkKeys(entries);
  const { entries: _entries, ...extra } = json;
  const name = typeof json.name === "string" && json.name.trim() ? json.name.trim() : fallbackName;
  return { name: name.slice(0, 200), entries, extra };
}

/** A book as a SillyTavern World Info JSON document (entries keyed by uid). */
export function toWorldInfoJson(book: { entries: ReadonlyArray<WorldEntry>; extra: Json }): Json {
  const entries: Record<string, WorldEntry> = {};
  for (const entry of book.entries) entries[String(entry.uid)] = entry;
  return { ...book.extra, entries };
}

const ext = (entry: Json): Json => (isObject(entry.extensions) ? entry.extensions : {});

/** A card's `character_book` → a book (SillyTavern's conversion; the original is kept by the caller). */
export function fromCharacterBook(book: Json, fallbackName: string): ParsedBook {
  if (!Array.isArray(book.entries)) throw invalid("The card's character_book has no entries list.");
  const entries = book.entries.map((raw, index): WorldEntry => {
    if (!isObject(raw)) throw invalid(`character_book entry ${index} is not an object.`);
    const x = ext(raw);
    const pick = <T>(key: string, d: T): T => (x[key] !== undefined ? (x[key] as T) : d);
    return normalizeEntry(
      {
        uid: Number.isInteger(raw.id) ? raw.id : index,
        key: raw.keys,
        keysecondary: raw.secondary_keys ?? [],
        comment: typeof raw.comment === "string" ? raw.comment : typeof raw.name === "string" ? raw.name : "",
        content: raw.content,
        constant: raw.constant ?? false,
        selective: raw.selective ?? false,
        order: raw.insertion_order ?? 100,
        position: pick("position", raw.position === "before_char" ? 0 : 1),
        excludeRecursion: pick("exclude_recursion", false),
        preventRecursion: pick("prevent_recursion", false),
        delayUntilRecursion: pick("delay_until_recursion", false),
        disable: raw.enabled === false,
        displayIndex: pick("display_index", index),
        probability: pick("probability", 100),
        useProbability: pick("useProbability", true),
        depth: pick("depth", 4),
        selectiveLogic: pick("selectiveLogic", 0),
        group: pick("group", ""),
        groupOverride: pick("group_override", false),
        groupWeight: pick("group_weight", 100),
        scanDepth: pick("scan_depth", null),
        caseSensitive: pick("case_sensitive", typeof raw.case_sensitive === "boolean" ? raw.case_sensitive : null),
        matchWholeWords: pick("match_whole_words", null),
        useGroupScoring: pick("use_group_scoring", null),
        automationId: pick("automation_id", ""),
        role: pick("role", 0),
        vectorized: pick("vectorized", false),
        sticky: pick("sticky", null),
        cooldown: pick("cooldown", null),
        delay: pick("delay", null),
      },
      index,
    );
  });
  checkKeys(entries);
  const name = typeof book.name === "string" && book.name.trim() ? book.name.trim() : fallbackName;
  return { name: name.slice(0, 200), entries, extra: {} };
}

/**
 * A book back as a card's `character_book`. `original` (the book as imported from the card, or
 * null) supplies every field the conversion does not model, entry by entry (matched by `id`).
 */
export function toCharacterBook(
  book: { name: string; entries: ReadonlyArray<WorldEntry> },
  original: Json | null,
): Json {
  const before = new Map<number, Json>();
  if (original && Array.isArray(original.entries))
    original.entries.forEach((e, index) => {
      if (isObject(e)) before.set(Number.isInteger(e.id) ? (e.id as number) : index, e);
    });
  const entries = book.entries.map((e) => {
    const old = before.get(e.uid) ?? {};
    return {
      ...old,
      id: e.uid,
      keys: e.key,
      secondary_keys: e.keysecondary,
      comment: e.comment,
      content: e.content,
      constant: e.constant,
      selective: e.selective,
      insertion_order: e.order,
      enabled: !e.disable,
      position: e.position === 0 ? "before_char" : "after_char",
      ...(e.caseSensitive !== null ? { case_sensitive: e.caseSensitive } : {}),
      extensions: {
        ...ext(old),
        ...(isObject(e.extensions) ? e.extensions : {}),
        position: e.position,
        exclude_recursion: e.excludeRecursion,
        prevent_recursion: e.preventRecursion,
        delay_until_recursion: e.delayUntilRecursion ?? false,
        display_index: e.displayIndex ?? 0,
        probability: e.probability,
        useProbability: e.useProbability,
        depth: e.depth,
        selectiveLogic: e.selectiveLogic,
        group: e.group,
        group_override: e.groupOverride,
        group_weight: e.groupWeight,
        scan_depth: e.scanDepth,
        case_sensitive: e.caseSensitive,
        match_whole_words: e.matchWholeWords,
        use_group_scoring: e.useGroupScoring ?? null,
        automation_id: e.automationId ?? "",
        role: e.role,
        vectorized: e.vectorized ?? false,
        sticky: e.sticky ?? null,
        cooldown: e.cooldown ?? null,
        delay: e.delay ?? null,
      },
    };
  });
  const { entries: _old, ...rest } = original ?? {};
  return { ...rest, name: book.name, entries };
}
