/**
 * SEP-2243 `x-mcp-header` markings on a tool's input schema (protocol 2026-07-28). A marking is
 * valid only when it is a non-empty RFC 9110 token, sits on a property reached from the root
 * through `properties` alone, that property's `type` is `string`, `integer` or `boolean`, and the
 * header names are unique ignoring case. A marking anywhere else (under items, combinators,
 * conditionals, `$defs`, …) invalidates the tool. Returns null when valid, else the reason.
 */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(["string", "integer", "boolean"]);
const ELSEWHERE = [
  "items",
  "prefixItems",
  "contains",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
  "patternProperties",
  "dependentSchemas",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "$defs",
  "definitions",
];
const MAPS = new Set(["patternProperties", "dependentSchemas", "$defs", "definitions"]);
const KEY = "x-mcp-header";

export function xMcpHeaderProblem(inputSchema: unknown): string | null {
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean): string | null => {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return null;
    const schema = node as Record<string, unknown>;
    const where = path.length === 0 ? "<root>" : path.join(".");
    if (KEY in schema) {
      if (!reachable || path.length === 0)
        return `${where}: x-mcp-header is only allowed on properties reached through "properties" alone`;
      const name = schema[KEY];
      if (typeof name !== "string" || name.length === 0) return `${where}: x-mcp-header must be a non-empty string`;
      if (!TOKEN.test(name)) return `${where}: x-mcp-header "${name.slice(0, 64)}" is not a valid HTTP token`;
      const type = typeof schema.type === "string" ? schema.type : undefined;
      if (!type || !PRIMITIVE.has(type))
        return `${where}: x-mcp-header is only allowed on string, integer or boolean properties (got ${type ?? "no type"})`;
      const prior = seen.get(name.toLowerCase());
      if (prior !== undefined) return `x-mcp-header "${name}" repeats "${prior}" (names are case-insensitive)`;
      seen.set(name.toLowerCase(), name);
    }
    const properties = schema.properties;
    if (properties && typeof properties === "object" && !Array.isArray(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        const problem = visit(child, [...path, key], reachable);
        if (problem) return problem;
      }
    }
    for (const keyword of ELSEWHERE) {
      const sub = schema[keyword];
      if (sub === undefined) continue;
      const branches = Array.isArray(sub)
        ? sub
        : MAPS.has(keyword) && sub && typeof sub === "object"
          ? Object.values(sub)
          : [sub];
      for (const branch of branches) {
        const problem = visit(branch, [...path, `<${keyword}>`], false);
        if (problem) return problem;
      }
    }
    return null;
  };
  return visit(inputSchema, [], true);
}
