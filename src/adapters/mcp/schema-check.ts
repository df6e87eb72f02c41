/**
 * "Does this JSON Schema compile as draft 2020-12?" (docs/spec/mcp-platform.md §9) without network access.
 * `@cfworker/json-schema` validates lazily and ships no meta-schema, so the check is in two parts:
 * 1. a structural walk of the 2020-12 vocabulary: every known keyword must have the value shape
 *    the meta-schema requires (subschemas are objects or booleans, `type` names are valid,
 *    `required` is a list of unique strings, `pattern` compiles as a Unicode regex, …); and every
 *    `$ref` must resolve inside the document (JSON pointer, `$id` or `$anchor`) — a remote `$ref`
 *    is never fetched, so a schema relying on one does not compile;
 * 2. building a cfworker `Validator` (draft 2020-12) and running it once, which throws on
 *    anything the walk missed.
 * Returns null when the schema compiles, else a short reason.
 */
import { dereference, Validator } from "@cfworker/json-schema";

const TYPES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);
const SUBSCHEMA = [
  "additionalProperties",
  "contains",
  "else",
  "if",
  "items",
  "not",
  "propertyNames",
  "then",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
  "additionalItems",
];
const SUBSCHEMA_ARRAY = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SUBSCHEMA_MAP = ["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"];
const NON_NEGATIVE = [
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "maxProperties",
  "minProperties",
  "maxContains",
  "minContains",
];
const NUMBERS = ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"];
const MAX_DEPTH = 64;

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSchema(value: Json): boolean {
  return typeof value === "boolean" || isObject(value);
}

function walk(schema: Json, path: string, refs: string[], depth: number): string | null {
  if (typeof schema === "boolean") return null;
  if (!isObject(schema)) return `${path || "root"} is not a schema object`;
  if (depth > MAX_DEPTH) return "the schema is nested too deeply";
  const at = (key: string) => `${path}/${key}`;
  if ("type" in schema) {
    const type = schema.type;
    const names = Array.isArray(type) ? type : [type];
    if (names.length === 0 || names.some((name) => typeof name !== "string" || !TYPES.has(name)))
      return `${at("type")} is not a valid type`;
    if (new Set(names).size !== names.length) return `${at("type")} repeats a type`;
  }
  if ("required" in schema) {
    const required = schema.required;
    if (
      !Array.isArray(required) ||
      required.some((item) => typeof item !== "string") ||
      new Set(required).size !== required.length
    )
      return `${at("required")} must be a list of unique strings`;
  }
  if ("enum" in schema && !Array.isArray(schema.enum)) return `${at("enum")} must be an array`;
  if ("multipleOf" in schema && !(typeof schema.multipleOf === "number" && schema.multipleOf > 0))
    return `${at("multipleOf")} must be a positive number`;
  for (const key of NUMBERS) if (key in schema && typeof schema[key] !== "number") return `${at(key)} must be a number`;
  for (const key of NON_NEGATIVE)
    if (key in schema && !(Number.isInteger(schema[key]) && (schema[key] as number) >= 0))
      return `${at(key)} must be a non-negative integer`;
  for (const key of ["uniqueItems"])
    if (key in schema && typeof schema[key] !== "boolean") return `${at(key)} must be a boolean`;
  for (const key of [
    "$id",
    "$anchor",
    "$ref",
    "$dynamicRef",
    "$dynamicAnchor",
    "$schema",
    "format",
    "pattern",
    "title",
    "description",
    "$comment",
    "contentEncoding",
    "contentMediaType",
  ]) {
    if (key in schema && typeof schema[key] !== "string") return `${at(key)} must be a string`;
  }
  if (typeof schema.pattern === "string") {
    try {
      new RegExp(schema.pattern, "u");
    } catch {
      return `${at("pattern")} is not a valid regular expression`;
    }
  }
  if (typeof schema.$ref === "string") refs.push(schema.$ref);
  if (typeof schema.$dynamicRef === "string") refs.push(schema.$dynamicRef);
  if ("dependentRequired" in schema) {
    const value = schema.dependentRequired;
    if (
      !isObject(value) ||
      Object.values(value).some((list) => !Array.isArray(list) || list.some((item) => typeof item !== "string"))
    )
      return `${at("dependentRequired")} must map names to string lists`;
  }
  for (const key of SUBSCHEMA) {
    if (!(key in schema)) continue;
    const value = schema[key];
    if (key === "items" && Array.isArray(value))
      return `${at("items")} must be a schema in draft 2020-12 (use prefixItems for tuples)`;
    if (!isSchema(value)) return `${at(key)} must be a schema`;
    const problem = walk(value, at(key), refs, depth + 1);
    if (problem) return problem;
  }
  for (const key of SUBSCHEMA_ARRAY) {
    if (!(key in schema)) continue;
    const value = schema[key];
    if (!Array.isArray(value) || value.length === 0) return `${at(key)} must be a non-empty array of schemas`;
    for (let i = 0; i < value.length; i += 1) {
      const problem = walk(value[i], `${at(key)}/${i}`, refs, depth + 1);
      if (problem) return problem;
    }
  }
  for (const key of SUBSCHEMA_MAP) {
    if (!(key in schema)) continue;
    const value = schema[key];
    if (!isObject(value)) return `${at(key)} must be an object of schemas`;
    for (const [name, child] of Object.entries(value)) {
      if (key === "patternProperties") {
        try {
          new RegExp(name, "u");
        } catch {
          return `${at(key)} has an invalid pattern`;
        }
      }
      const problem = walk(child, `${at(key)}/${name}`, refs, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/** Null when `schema` compiles as JSON Schema 2020-12 with only local references; else a reason. */
export function schemaCompileProblem(schema: unknown): string | null {
  if (!isObject(schema)) return "the schema must be a JSON object";
  const refs: string[] = [];
  const problem = walk(schema, "", refs, 0);
  if (problem) return problem;
  let lookup: Record<string, unknown>;
  try {
    lookup = dereference(schema as never) as Record<string, unknown>;
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : "the schema could not be indexed";
  }
  let base = "https://json-schema.org/__te_root__";
  if (typeof schema.$id === "string") {
    try {
      base = new URL(schema.$id).href.replace(/#.*$/, "");
    } catch {
      /* relative root $id: keep the placeholder base */
    }
  }
  for (const ref of refs) {
    let resolved: URL;
    try {
      resolved = new URL(ref, base);
    } catch {
      return `$ref "${ref.slice(0, 100)}" is not a valid URI reference`;
    }
    if (resolved.href.replace(/#.*$/, "") === base) {
      const fragment = decodeURIComponent(resolved.hash.slice(1));
      if (fragment === "" || !fragment.startsWith("/")) {
        if (fragment !== "" && !Object.keys(lookup).some((key) => key.endsWith(`#${fragment}`)))
          return `$ref "${ref.slice(0, 100)}" names an unknown anchor`;
        continue;
      }
      if (!resolvePointer(schema, fragment)) return `$ref "${ref.slice(0, 100)}" points nowhere in the schema`;
      continue;
    }
    const key = resolved.href;
    if (
      !(key in lookup) &&
      !(key.replace(/#$/, "") in lookup) &&
      !Object.keys(lookup).some((id) => key.startsWith(id.replace(/#$/, "")) && id.length > 8)
    ) {
      return `$ref "${ref.slice(0, 100)}" refers to a remote schema, which is never fetched`;
    }
  }
  try {
    new Validator(schema as never, "2020-12", false).validate({});
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : "the schema does not compile";
  }
  return null;
}

function resolvePointer(root: unknown, pointer: string): boolean {
  let node: unknown = root;
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isObject(node)) node = node[part];
    else return false;
    if (node === undefined) return false;
  }
  return true;
}
