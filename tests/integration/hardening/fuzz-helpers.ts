/**
 * Building blocks of the seeded fuzz suite (./fuzz.test.ts): a small deterministic PRNG, the route
 * list read from docs/api.md, and generators of hostile ids, query values, bodies and frames.
 */
import apiDoc from "../../../docs/api.md?raw";

/** mulberry32: a tiny seeded PRNG (same seed → same sequence). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export interface DocRoute {
  method: string;
  /** Path template, e.g. `/api/v1/chats/:chatId/messages/:messageId` (query removed). */
  path: string;
}

/** Every `METHOD /api/v1/…` written in backticks in docs/api.md, deduplicated, in doc order. */
export function docRoutes(): DocRoute[] {
  const seen = new Set<string>();
  const routes: DocRoute[] = [];
  for (const match of apiDoc.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/v1\/[^`\s?]*)/g)) {
    const key = `${match[1]} ${match[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: match[1]!, path: match[2]! });
  }
  return routes;
}

/** Path segments that are parameters (`:name` or `<name>`). */
export const isParam = (segment: string) => segment.startsWith(":") || /^<.*>$/.test(segment);

/** Hostile values for path parameters (already percent-encoded where needed). */
export const BAD_IDS = [
  "x",
  "..",
  "%2e%2e%2f%2e%2e",
  "%00",
  "%ED%A0%80",
  "%FF%FE",
  "a".repeat(600),
  "%F0%9F%92%A5",
  "null",
  "-1",
  "1e309",
  "%2F",
  "chat_%22%3E%3Cscript%3E",
  "cp_999999",
  "mcp_00000000000000000000000000",
];

/** Hostile query strings (any route, known and unknown parameter names). */
export function badQuery(r: Rng): string {
  const names = [
    "limit",
    "cursor",
    "offset",
    "afterSeq",
    "beforeSeq",
    "q",
    "fromEnd",
    "role",
    "startIndex",
    "endIndex",
    "checkpointId",
    "ifRevision",
    "invocationId",
    "maxChars",
    "profileId",
    "title",
    "ticket",
    "beforeMessageId",
    "status",
  ];
  const values = [
    "-1",
    "0",
    "1e999",
    "NaN",
    "abc",
    "%FF",
    "%ED%A0%80",
    "%00",
    "x".repeat(5000),
    "9007199254740993",
    "true",
    "",
    "%22%5B%5D",
    "..%2F..%2Fetc",
  ];
  const parts: string[] = [];
  for (let i = 0, n = 1 + r.int(4); i < n; i += 1) parts.push(`${r.pick(names)}=${r.pick(values)}`);
  return `?${parts.join("&")}`;
}

const KEYS = [
  "title",
  "name",
  "text",
  "role",
  "extra",
  "deviceName",
  "code",
  "displayName",
  "endpoint",
  "headers",
  "protocolVersion",
  "permission",
  "override",
  "state",
  "ifRevision",
  "argumentsJson",
  "callId",
  "profile",
  "overwrite",
  "action",
  "stableChatId",
  "promptSnapshot",
  "provider",
  "baseUrl",
  "apiKey",
  "modelId",
  "request",
  "json",
  "afterMessageId",
  "swipeId",
  "addSwipe",
  "clientGuidanceId",
  "userId",
  "status",
  "count",
  "character",
  "systemPrompt",
  "toolCalls",
  "isDefault",
  "defaults",
];

export const deepArrays = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
export const deepObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** A hostile JSON value as raw text. */
function badValue(r: Rng, depth = 0): string {
  switch (r.int(depth > 1 ? 9 : 12)) {
    case 0:
      return JSON.stringify(r.pick(["", " ", "user", "active", "allow", "auto", "http://127.0.0.1:1/", "x"]));
    case 1:
      return r.pick(["0", "-1", "1e308", "-0", "9007199254740993", "3.5"]);
    case 2:
      return r.pick(["true", "false", "null"]);
    case 3:
      return JSON.stringify("y".repeat(r.pick([300, 70_000, 300_000])));
    case 4:
      return r.pick(['"\\ud800"', '"a\\u0000b"', '"\\udc00\\ud800"', '"\\ud83c\\udf19"']);
    case 5:
      return JSON.stringify(r.pick(['{"a":', "[[[", "\\", "${x}", "%s%n", "<script>", "🌙夜"]));
    case 6:
      return "[]";
    case 7:
      return "{}";
    case 8:
      return JSON.stringify(deepArrays(3000)); // deep JSON *inside* a string
    case 9:
      return r.chance(0.5) ? deepArrays(2000 + r.int(2000)) : deepObjects(2000 + r.int(2000));
    case 10:
      return `[${Array.from({ length: 1 + r.int(3) }, () => badValue(r, depth + 1)).join(",")}]`;
    default:
      return badObject(r, depth + 1);
  }
}

function badObject(r: Rng, depth = 0): string {
  const entries: string[] = [];
  for (let i = 0, n = r.int(5); i < n; i += 1) entries.push(`${JSON.stringify(r.pick(KEYS))}:${badValue(r, depth)}`);
  return `{${entries.join(",")}}`;
}

export interface FuzzBody {
  contentType: string | null;
  body: string | Uint8Array | null;
  label: string;
}

/** A hostile request body: mutated JSON objects, wrong types, deep nesting, huge, bad UTF-8. */
export function badBody(r: Rng): FuzzBody {
  const json = "application/json";
  switch (r.int(10)) {
    case 0:
      return { contentType: json, body: badValue(r), label: "value" };
    case 1: {
      const head = new TextEncoder().encode(`{"${r.pick(KEYS)}":"caf`);
      const tail = new TextEncoder().encode('"}');
      return {
        contentType: json,
        body: new Uint8Array([...head, r.pick([0xe9, 0xc3, 0xff, 0xed]), 0xa0, ...tail]),
        label: "invalid-utf8",
      };
    }
    case 2:
      return { contentType: json, body: r.chance(0.5) ? deepArrays(3000) : deepObjects(2500), label: "deep" };
    case 3:
      return { contentType: json, body: `{"${r.pick(KEYS)}":"${"z".repeat(1_200_000)}"}`, label: "huge" };
    case 4:
      return {
        contentType: r.pick(["text/plain", "application/xml", "", "application/json; charset=latin1"]),
        body: badObject(r),
        label: "content-type",
      };
    case 5:
      return { contentType: json, body: r.pick(["{", '{"a":1,}', "nul", "\u0000", "{'a':1}", ""]), label: "syntax" };
    case 6:
      return { contentType: null, body: null, label: "no-body" };
    default:
      return { contentType: json, body: badObject(r), label: "object" };
  }
}

/** A hostile socket frame (text or binary). */
export function badFrame(r: Rng): string | Uint8Array {
  switch (r.int(9)) {
    case 0:
      return `{"type":"ping","id":${deepArrays(3000)}}`;
    case 1:
      return new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    case 2:
      return `{"type":"ping","id":"${"p".repeat(20_000)}"}`;
    case 3:
      return `{"type":"agent.subscribe","runId":${badValue(r)},"afterSeq":${badValue(r)}}`;
    case 4:
      return `{"type":${badValue(r)}}`;
    case 5:
      return badValue(r);
    case 6:
      return '{"type":"ping","id":"\\ud800"}';
    case 7:
      return `{"type":"agent.unsubscribe","runId":"${"r".repeat(r.int(300))}","extra":1}`;
    default:
      return r.pick(["", "{", "[]", "null", '{"type":"nope"}', deepObjects(5000)]);
  }
}

const MUTATION_MARK = "\u0001MUT\u0001";

/** A hostile raw JSON text to put in place of one field of a valid body. */
function mutation(r: Rng): string | Uint8Array {
  switch (r.int(8)) {
    case 0:
      return deepArrays(2500 + r.int(1000));
    case 1:
      return deepObjects(2500 + r.int(1000));
    case 2:
      return JSON.stringify("h".repeat(r.pick([70_000, 300_000])));
    case 3:
      return r.pick(['"\\ud800 half"', '"a\\u0000b"', '"\\udfff"']);
    case 4:
      return new Uint8Array([0x22, 0x63, 0x61, 0x66, r.pick([0xe9, 0xc3, 0xff]), 0x22]);
    case 5:
      return r.pick(["0", "-1", "true", "null", "[]", "{}", "1e400", '""']);
    case 6:
      return JSON.stringify(deepArrays(3000));
    default:
      return `{"${r.pick(KEYS)}":${deepArrays(2000)}}`;
  }
}

/** Every path to a value inside `value` (objects only descend into their keys). */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== "object" || value === null) return [prefix];
  const own = Array.isArray(value)
    ? value.flatMap((item, i) => fieldPaths(item, [...prefix, String(i)]))
    : Object.entries(value).flatMap(([key, item]) => fieldPaths(item, [...prefix, key]));
  return prefix.length > 0 ? [prefix, ...own] : own;
}

/**
 * A valid `seed` body with one field (or a new key) replaced by a hostile value: the request
 * passes everything but that field, so the hostile value reaches the deepest code that reads it.
 */
export function mutatedSeed(r: Rng, seed: Record<string, unknown>): FuzzBody {
  const copy = structuredClone(seed) as Record<string, unknown>;
  const paths = fieldPaths(copy);
  const path = r.chance(0.2) || paths.length === 0 ? [r.pick(KEYS)] : r.pick(paths);
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path[path.length - 1]!] = MUTATION_MARK;
  const [before, after] = JSON.stringify(copy).split(JSON.stringify(MUTATION_MARK)) as [string, string];
  const value = mutation(r);
  const label = `seed:${path.join(".")}`;
  if (typeof value === "string") return { contentType: "application/json", body: before + value + after, label };
  const encoder = new TextEncoder();
  return {
    contentType: "application/json",
    body: new Uint8Array([...encoder.encode(before), ...value, ...encoder.encode(after)]),
    label,
  };
}
