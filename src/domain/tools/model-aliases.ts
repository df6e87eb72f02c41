/**
 * Model-facing aliases for MCP tools: `mcp__<server>__<tool>`, at most 64 bytes, unique within one
 * chat-generation round (docs/spec/tool-system.md §4.1, "legacy") or one agent invocation snapshot (docs/spec/tool-system.md §4.2).
 * Aliases are never stored with a registration or catalog; they are decoded only through the
 * binding table of the round / snapshot that issued them, and execution uses the native name.
 * Normalized segments are ASCII only, so character counts equal byte counts.
 */

/** Longest model alias, in bytes. */
export const MAX_MODEL_ALIAS_BYTES = 64;
const PREFIX = "mcp__";
const SEPARATOR = "__";

/**
 * docs/spec/tool-system.md §4.1 `normalizeSegment`: every maximal run of characters outside `[A-Za-z0-9-]` (so `_` too)
 * becomes one `_`, then leading/trailing `_` are stripped; empty → `fallback`
 * (`"server"` for display names, `"tool"` for native names).
 */
export function normalizeLegacySegment(value: string, fallback: string): string {
  const normalized = value.replace(/[^A-Za-z0-9-]+/gu, "_").replace(/^_+|_+$/g, "");
  return normalized.length > 0 ? normalized : fallback;
}

/**
 * docs/spec/tool-system.md §4.2 segment normalization (character-wise): ASCII alphanumerics and `-` kept, every other
 * character (code point) → `_`, consecutive `_` collapsed, leading/trailing `_` trimmed, empty → `fallback`.
 */
export function normalizeAgentSegment(value: string, fallback: string): string {
  let out = "";
  let lastUnderscore = false;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    const kept =
      ch.length === 1 &&
      ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45);
    if (kept) {
      out += ch;
      lastUnderscore = false;
    } else if (!lastUnderscore) {
      out += "_";
      lastUnderscore = true;
    }
  }
  let start = 0;
  let end = out.length;
  while (start < end && out.charCodeAt(start) === 95) start += 1;
  while (end > start && out.charCodeAt(end - 1) === 95) end -= 1;
  return end > start ? out.slice(start, end) : fallback;
}

/**
 * docs/spec/tool-system.md §4.1 `fit(server, tool, suffix)`: available = 64 − 5 − 2 − len(suffix); when both segments do not
 * fit, server gets min(len, 20, ⌊available/2⌋), tool the rest, then server takes back what tool did
 * not use. Truncation keeps leading prefixes, no re-trimming.
 */
export function fitLegacyAlias(server: string, tool: string, suffix: string): string {
  const available = MAX_MODEL_ALIAS_BYTES - PREFIX.length - SEPARATOR.length - suffix.length;
  let s = server.length;
  let t = tool.length;
  if (server.length + tool.length > available) {
    s = Math.min(server.length, 20, Math.floor(available / 2));
    t = Math.min(tool.length, available - s);
    s = Math.min(server.length, available - t);
  }
  return `${PREFIX}${server.slice(0, s)}${SEPARATOR}${tool.slice(0, t)}${suffix}`;
}

/** One MCP tool to alias: the server's display name and the tool's native name. */
export interface AliasSubject {
  serverDisplayName: string;
  nativeName: string;
}

/**
 * docs/spec/tool-system.md §4.1 allocation for one chat-generation round. `subjects` must already be in binding order
 * (server display name case-insensitive, then ToolId: see compareLegacyBindingOrder). `used`
 * holds the names of tools already in the round (local tools) and is extended with every alias
 * allocated here (it must only grow). Returns one alias per subject, in order.
 */
export function allocateLegacyAliases(subjects: ReadonlyArray<AliasSubject>, used: Set<string> = new Set()): string[] {
  return subjects.map((subject) => {
    const server = normalizeLegacySegment(subject.serverDisplayName, "server");
    const tool = normalizeLegacySegment(subject.nativeName, "tool");
    const key = `legacy\u0000${server}\u0000${tool}`;
    for (let ordinal = firstCandidate(used, key); ; ordinal += 1) {
      const alias = fitLegacyAlias(server, tool, ordinal === 1 ? "" : `__${ordinal}`);
      if (!used.has(alias)) {
        used.add(alias);
        remember(used, key, ordinal);
        return alias;
      }
    }
  });
}

/** docs/spec/tool-system.md §4.1 binding order: server display name compared case-insensitively, then ToolId. */
export function compareLegacyBindingOrder(
  a: { serverDisplayName: string; toolId: string },
  b: { serverDisplayName: string; toolId: string },
): number {
  const left = a.serverDisplayName.toLowerCase();
  const right = b.serverDisplayName.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  if (a.toolId === b.toolId) return 0;
  return a.toolId < b.toolId ? -1 : 1;
}

/**
 * docs/spec/tool-system.md §4.2 base name: available = 57; both kept when they fit, else server min(len, 20, 28), tool the
 * rest, server takes back what tool did not use. `mcp__<server>__<tool>` (≤ 64 bytes).
 */
export function agentBaseAlias(serverDisplayName: string, nativeName: string): string {
  const server = normalizeAgentSegment(serverDisplayName, "server");
  const tool = normalizeAgentSegment(nativeName, "tool");
  const available = MAX_MODEL_ALIAS_BYTES - PREFIX.length - SEPARATOR.length;
  let s = server.length;
  let t = tool.length;
  if (s + t > available) {
    s = Math.min(server.length, 20, Math.floor(available / 2));
    t = Math.min(tool.length, available - s);
    s = Math.min(server.length, available - t);
  }
  return `${PREFIX}${server.slice(0, s)}${SEPARATOR}${tool.slice(0, t)}`;
}

/**
 * docs/spec/tool-system.md §4.2 unique allocation within one invocation snapshot: re-sanitize the base (ASCII alphanumerics,
 * `_` and `-` kept, others `_`), then for ordinal 1, 2, 3… suffix `""` / `__<n>`: truncate the WHOLE
 * base to 64 − len(suffix) bytes and append the suffix; the first alias not in `used` wins and is
 * added to `used` (which must only grow). Seed `used` with the reserved builtin aliases first.
 */
export function allocateAgentAlias(subject: AliasSubject, used: Set<string>): string {
  const base = agentBaseAlias(subject.serverDisplayName, subject.nativeName).replace(/[^A-Za-z0-9_-]/g, "_");
  const key = `agent\u0000${base}`;
  for (let ordinal = firstCandidate(used, key); ; ordinal += 1) {
    const suffix = ordinal === 1 ? "" : `__${ordinal}`;
    const alias = base.slice(0, MAX_MODEL_ALIAS_BYTES - suffix.length) + suffix;
    if (!used.has(alias)) {
      used.add(alias);
      remember(used, key, ordinal);
      return alias;
    }
  }
}

/**
 * Per-`used`-set memory of the last ordinal taken for a base, so many identical bases stay linear.
 * Exact: `used` only grows, so every ordinal below the remembered one is still taken.
 */
const lastOrdinals = new WeakMap<Set<string>, Map<string, number>>();

function firstCandidate(used: Set<string>, key: string): number {
  return lastOrdinals.get(used)?.get(key) ?? 1;
}

function remember(used: Set<string>, key: string, ordinal: number): void {
  let map = lastOrdinals.get(used);
  if (!map) {
    map = new Map();
    lastOrdinals.set(used, map);
  }
  map.set(key, ordinal);
}
