/**
 * Tool input schemas sanitized per provider at the boundary, on a deep copy (docs/spec/agent-runtime.md §7
 * "Tool spec sanitization"; the canonical schema is never touched), so one odd MCP schema cannot
 * break every request. Rules (each has a test in tests/unit/models/schema-sanitize.test.ts):
 *
 * - all: the root becomes an object schema (`type: "object"`, `properties: {}` when absent).
 * - openai family (openai, openai-responses, openai-compatible): an array schema without `items`
 *   gets `items: {}` (OpenAI rejects such arrays); everything else is kept.
 * - anthropic: `$schema` and `$id` are dropped at every level.
 * - gemini: local `$ref`s (`#/$defs/X`, `#/definitions/X`) are inlined and `$defs`/`definitions`
 *   dropped; a recursive reference is cut to `{type: "object"}` at its second occurrence; a
 *   reference that cannot be resolved raises `model.request_build_failed`. Boolean sub-schemas:
 *   `true` → `{}`, `false` → the property is removed. Type arrays: `["string","null"]` → `"string"`,
 *   several non-null types → no `type`. `const` → a one-value `enum` (strings only). `oneOf` →
 *   `anyOf`. Every other keyword outside Gemini's Schema subset is dropped (`$schema`, `$id`,
 *   `additionalProperties`, `allOf`, `not`, `const`, `default`, `title`, `examples`,
 *   `patternProperties`, …); non-string `enum`s and unsupported `format`s are dropped; `required`
 *   keeps only names present in `properties`.
 */
import { ModelError } from "./errors";

/** Which rule set applies. */
export type SchemaFamily = "openai" | "anthropic" | "gemini";

type Json = Record<string, unknown>;

const GEMINI_KEYWORDS = new Set([
  "type",
  "format",
  "description",
  "nullable",
  "enum",
  "items",
  "properties",
  "required",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "pattern",
  "anyOf",
  "minProperties",
  "maxProperties",
  "propertyOrdering",
]);
const GEMINI_FORMATS = new Set(["enum", "date-time", "float", "double", "int32", "int64"]);

/** Returns a sanitized deep copy of `schema` for `family`. `alias` names the tool in errors. */
export function sanitizeToolSchema(family: SchemaFamily, schema: unknown, alias: string): Json {
  const copy = structuredClone(isObject(schema) ? schema : {}) as Json;
  let out: Json;
  switch (family) {
    case "openai":
      out = openaiNode(copy) as Json;
      break;
    case "anthropic":
      out = anthropicNode(copy) as Json;
      break;
    case "gemini":
      out = geminiRoot(copy, alias);
      break;
  }
  return objectRoot(out);
}

function objectRoot(schema: Json): Json {
  const out = { ...schema };
  if (out.type === undefined || out.type !== "object") out.type = "object";
  if (!isObject(out.properties)) out.properties = {};
  return out;
}

// ---- openai ----------------------------------------------------------------------------------

function openaiNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openaiNode);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node))
    out[key] = key === "enum" || key === "const" || key === "default" || key === "examples" ? value : openaiNode(value);
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes("array") && out.items === undefined && out.prefixItems === undefined) out.items = {};
  return out;
}

// ---- anthropic -------------------------------------------------------------------------------

function anthropicNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anthropicNode);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || key === "$id") continue;
    out[key] =
      key === "enum" || key === "const" || key === "default" || key === "examples" ? value : anthropicNode(value);
  }
  return out;
}

// ---- gemini ----------------------------------------------------------------------------------

interface GeminiContext {
  root: Json;
  alias: string;
  /** $ref strings being expanded on the current path (cycle detection). */
  stack: string[];
}

function geminiRoot(schema: Json, alias: string): Json {
  const result = geminiNode(schema, { root: schema, alias, stack: [] });
  return isObject(result) ? result : {};
}

/** Returns the sanitized schema, or undefined for `false` (the caller drops it). */
function geminiNode(node: unknown, ctx: GeminiContext): Json | undefined {
  if (node === true) return {};
  if (node === false) return undefined;
  if (!isObject(node)) return {};
  if (typeof node.$ref === "string") return geminiRef(node, ctx);
  const out: Json = {};
  const type = geminiType(node.type);
  if (type !== undefined) out.type = type;
  for (const [key, value] of Object.entries(node)) {
    if (!GEMINI_KEYWORDS.has(key) || key === "type") continue;
    switch (key) {
      case "properties": {
        if (!isObject(value)) break;
        const props: Json = {};
        for (const [name, sub] of Object.entries(value)) {
          const cleaned = geminiNode(sub, ctx);
          if (cleaned !== undefined) props[name] = cleaned;
        }
        out.properties = props;
        break;
      }
      case "items": {
        const cleaned = Array.isArray(value) ? geminiNode(value[0] ?? true, ctx) : geminiNode(value, ctx);
        if (cleaned !== undefined) out.items = cleaned;
        break;
      }
      case "anyOf": {
        if (!Array.isArray(value)) break;
        const options = value.map((sub) => geminiNode(sub, ctx)).filter((sub): sub is Json => sub !== undefined);
        if (options.length > 0) out.anyOf = options;
        break;
      }
      case "enum":
        if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string")) out.enum = value;
        break;
      case "format":
        if (typeof value === "string" && GEMINI_FORMATS.has(value)) out.format = value;
        break;
      default:
        out[key] = value;
    }
  }
  if (Array.isArray(node.oneOf) && out.anyOf === undefined) {
    const options = node.oneOf.map((sub) => geminiNode(sub, ctx)).filter((sub): sub is Json => sub !== undefined);
    if (options.length > 0) out.anyOf = options;
  }
  if (typeof node.const === "string" && out.enum === undefined) out.enum = [node.const];
  if (Array.isArray(out.required)) {
    const props = isObject(out.properties) ? out.properties : {};
    out.required = out.required.filter((name) => typeof name === "string" && name in props);
    if ((out.required as unknown[]).length === 0) delete out.required;
  }
  return out;
}

function geminiType(type: unknown): string | undefined {
  if (typeof type === "string") return type;
  if (!Array.isArray(type)) return undefined;
  const nonNull = type.filter((t) => t !== "null");
  return nonNull.length === 1 && typeof nonNull[0] === "string" ? nonNull[0] : undefined;
}

function geminiRef(node: Json, ctx: GeminiContext): Json | undefined {
  const ref = node.$ref as string;
  if (ctx.stack.includes(ref))
    return { type: "object", ...(typeof node.description === "string" ? { description: node.description } : {}) };
  const target = resolveLocalRef(ctx.root, ref);
  if (target === undefined) {
    throw new ModelError(
      "model.request_build_failed",
      `The input schema of tool "${ctx.alias}" uses the reference ${JSON.stringify(ref)}, which cannot be resolved inside the schema, so it cannot be sent to Gemini.`,
    );
  }
  const merged = isObject(target) ? { ...target, ...withoutRef(node) } : target;
  ctx.stack.push(ref);
  try {
    return geminiNode(merged, ctx);
  } finally {
    ctx.stack.pop();
  }
}

function withoutRef(node: Json): Json {
  const { $ref: _ref, ...rest } = node;
  return rest;
}

function resolveLocalRef(root: Json, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const segment = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!isObject(current) || !(segment in current)) return undefined;
    current = current[segment];
  }
  return current;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
