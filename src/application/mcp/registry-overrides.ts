/**
 * A tool's model-facing description override (docs/spec/mcp-platform.md §5): whole replacement,
 * `null` deletes. When the tool is in the cached catalog, property overrides must name properties
 * its input schema declares, else `tool.description_override_unknown_property` (400,
 * `details.properties`) and nothing is saved (docs/spec/hardening.md "Description overrides").
 * Without a cached catalog the override is saved and the Manager flags it once the tool is known.
 * Errors: that code and the editor's (registry-edit.ts).
 */
import { AppError } from "../../domain/errors";
import type { McpJsonObject } from "../../domain/mcp/discovered-catalog";
import { withDescriptionOverride, type ToolDescriptionOverride } from "../../domain/mcp/registration";
import { overrideUnknownProperties } from "../../domain/tools/descriptor";
import type { RegistryEditor } from "./registry-edit";
import type { McpServerView } from "./registry-views";

/** The cached input schema of a tool (memory → SQLite, never the network), or null. */
export type ToolSchemaSource = (registrationId: string, nativeName: string) => Promise<McpJsonObject | null>;

/** Sets (or with null deletes) `nativeName`'s description override. */
export function setToolDescriptionOverride(
  editor: RegistryEditor,
  toolSchema: ToolSchemaSource,
  id: string,
  nativeName: string,
  override: ToolDescriptionOverride | null,
  ifRevision?: number,
): Promise<McpServerView> {
  return editor.edit(id, ifRevision, async (current) => {
    await checkOverrideFits(toolSchema, current.id, nativeName, override);
    return {
      ...current,
      toolDescriptionOverrides: withDescriptionOverride(current.toolDescriptionOverrides, nativeName, override),
    };
  });
}

async function checkOverrideFits(
  toolSchema: ToolSchemaSource,
  registrationId: string,
  nativeName: string,
  override: ToolDescriptionOverride | null,
): Promise<void> {
  if (Object.keys(override?.properties ?? {}).length === 0) return;
  const schema = await toolSchema(registrationId, nativeName);
  if (!schema) return;
  const unknown = overrideUnknownProperties(schema, override);
  if (unknown.length === 0) return;
  const shown = unknown.map((name) => `"${name.slice(0, 80)}"`).join(", ");
  throw new AppError(
    "tool.description_override_unknown_property",
    `Tool "${nativeName.slice(0, 120)}" has no input ${unknown.length === 1 ? "property" : "properties"} ${shown}; a description can only be set for the properties its schema declares. Nothing was saved.`,
    { properties: unknown },
  );
}
