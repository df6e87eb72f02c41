/**
 * Id remapping of a merge (docs/spec/data-portability.md §3 "Merge", docs/decisions/2750): when
 * an archive is merged into an account that already holds some of its ids, each colliding item is
 * imported under a new id and every *reference* to it in the other items is rewritten.
 *
 * What counts as a reference (the ADR's rule): a string value that **is** an identifier, not
 * one that merely mentions it. A string with whitespace (prose: messages, tool results, model
 * text) or longer than 600 characters is content and is never changed. An identifier-shaped
 * string is rewritten part by part, its parts split at `:` and `/`, so `mcp/<uuid>:search` (a
 * ToolId), `character:<id>` (a skill scope) and a bare id are all rewritten. Object keys are
 * rewritten by the same rule (maps keyed by ToolId or registration id). Profile ids are chosen by
 * people (`night-writer`), so they are rewritten only where a field names a profile
 * (`profileId`, `profile_id`) or in `profile:<id>`; every other kind's ids are random tokens
 * (UUIDs, `run_…`, `ch_…`, `wi_…`, `conn_…`, `chat_…`) and match nowhere by accident.
 */

/** `{<kind>: {<archived id>: <id here>}}`. */
export type IdMapJson = Record<string, Record<string, string>>;

/** The kind whose ids are people's names (rewritten only where a field names one). */
export const PROFILE_KIND = "profiles";
const PROFILE_FIELDS = new Set(["profileId", "profile_id"]);
const MAX_IDENTIFIER_CHARS = 600;
const WHITESPACE = /\s/;

export class IdRemap {
  private readonly random = new Map<string, string>();
  private readonly profiles: Map<string, string>;

  /** `map` as stored with the restore (kinds absent from it keep their ids). */
  constructor(readonly map: IdMapJson = {}) {
    for (const [kind, ids] of Object.entries(map)) {
      if (kind === PROFILE_KIND) continue;
      for (const [from, to] of Object.entries(ids)) this.random.set(from, to);
    }
    this.profiles = new Map(Object.entries(map[PROFILE_KIND] ?? {}));
  }

  /** True when nothing is remapped (every rewrite is the identity). */
  get empty(): boolean {
    return this.random.size === 0 && this.profiles.size === 0;
  }

  /** The id item `id` of `kind` is imported under. */
  idOf(kind: string, id: string): string {
    return this.map[kind]?.[id] ?? id;
  }

  /** Rewrites one string value; `field` is the name of the column or property holding it. */
  string(value: string, field?: string): string {
    if (this.empty) return value;
    if (field !== undefined && PROFILE_FIELDS.has(field)) {
      const mapped = this.profiles.get(value);
      if (mapped !== undefined) return mapped;
    }
    if (value.length > MAX_IDENTIFIER_CHARS || WHITESPACE.test(value)) return value;
    if (value.startsWith("profile:")) {
      const mapped = this.profiles.get(value.slice("profile:".length));
      if (mapped !== undefined) return `profile:${mapped}`;
    }
    if (this.random.size === 0) return value;
    const direct = this.random.get(value);
    if (direct !== undefined) return direct;
    const parts = value.split(/([:/])/);
    let changed = false;
    for (let i = 0; i < parts.length; i += 2) {
      const mapped = this.random.get(parts[i]!);
      if (mapped !== undefined) {
        parts[i] = mapped;
        changed = true;
      }
    }
    return changed ? parts.join("") : value;
  }

  /** Rewrites a parsed JSON value deeply (a new value; the input is not changed). */
  json(value: unknown, field?: string): unknown {
    if (typeof value === "string") return this.string(value, field);
    if (Array.isArray(value)) return value.map((v) => this.json(v, field));
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) out[this.string(key)] = this.json(inner, key);
      return out;
    }
    return value;
  }

  /**
   * Rewrites a text column: a JSON document (`{…}` or `[…]`) is parsed and walked (and written
   * back only when something changed); any other text follows `string`.
   */
  text(value: string, field?: string): string {
    if (this.empty) return value;
    const first = value.trimStart()[0];
    if (first === "{" || first === "[") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return this.string(value, field);
      }
      const rewritten = this.json(parsed, field);
      const text = JSON.stringify(rewritten);
      return text === JSON.stringify(parsed) ? value : text;
    }
    return this.string(value, field);
  }
}
