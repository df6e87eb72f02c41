/**
 * Saved description overrides that no longer fit their tool (docs/spec/hardening.md "Description
 * overrides"): a property override naming a property the tool's input schema does not declare
 * makes the server drop the tool from every model. The server refuses such overrides when saved;
 * this flags ones saved earlier (or before the catalog was known) so the Manager can say so.
 */
import type { JsonObject, McpTool, ToolDescriptionOverride } from "./types";

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Override property names `tool` does not declare (empty when the override fits or is absent). */
export function staleOverrideProperties(tool: McpTool, override: ToolDescriptionOverride | undefined): string[] {
  const names = Object.keys(override?.properties ?? {});
  const properties = tool.inputSchema.properties;
  if (!isObject(properties)) return names;
  return names.filter((name) => !Object.hasOwn(properties, name) || !isObject(properties[name]));
}
