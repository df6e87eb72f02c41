/**
 * ToolDescriptor and description overrides (docs/spec/mcp-platform.md §5, docs/spec/tool-system.md §1).
 *
 * Layering (fixed): server catalog → registration override → Agent Profile `tools.toolDescriptions`
 * (profile wins field by field). Applying an override never changes the ToolId, the schema
 * structure or anything but `description` strings; the input is never mutated (a copy is returned).
 */
import { AppError } from "../errors";
import type { ToolId } from "./tool-id";

/** JSON object (schemas, annotations). */
export type JsonObject = { [key: string]: unknown };

/**
 * What a model is told about one tool. `inputSchema` is a JSON Schema whose root must be
 * `{"type":"object"}` to be advertised; `annotations` are untrusted hints (`{}` when none).
 */
export interface ToolDescriptor {
  id: ToolId;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations: JsonObject;
}

/**
 * `ToolDescriptionOverride` (docs/spec/mcp-platform.md §5): `description` replaces the top-level description;
 * `properties[name]` replaces `inputSchema.properties[name].description`. Strings are verbatim.
 */
export interface ToolDescriptionOverride {
  description?: string;
  properties?: Record<string, string>;
}

/**
 * The property names of `override` that `inputSchema` does not declare as object-schema
 * properties (all of them when the schema has no object `properties`). Such an override would
 * make applyDescriptionOverride fail and hide the tool from every model, so it is refused when
 * saved (docs/spec/hardening.md "Description overrides"). Empty when the override fits.
 */
export function overrideUnknownProperties(inputSchema: JsonObject, override: ToolDescriptionOverride | null): string[] {
  const names = Object.keys(override?.properties ?? {});
  const properties = inputSchema.properties;
  if (!isObject(properties)) return names;
  return names.filter((name) => !Object.hasOwn(properties, name) || !isObject(properties[name]));
}

/**
 * Applies one override on a deep copy of `descriptor`. Errors (AppError):
 * - `tool.description_override_properties_invalid`: a property override but `inputSchema.properties` is not an object;
 * - `tool.description_override_unknown_property`: a property the schema does not declare;
 * - `tool.description_override_property_schema_invalid`: that property's schema is not an object.
 */
export function applyDescriptionOverride(
  descriptor: ToolDescriptor,
  override: ToolDescriptionOverride | null | undefined,
): ToolDescriptor {
  const copy = cloneDescriptor(descriptor);
  if (!override) return copy;
  if (override.description !== undefined) copy.description = override.description;
  const entries = Object.entries(override.properties ?? {});
  if (entries.length === 0) return copy;
  const properties = copy.inputSchema.properties;
  if (!isObject(properties)) {
    throw new AppError(
      "tool.description_override_properties_invalid",
      `Tool ${descriptor.id} has no object "properties" in its input schema, so property descriptions cannot be overridden.`,
    );
  }
  for (const [name, text] of entries) {
    if (!Object.hasOwn(properties, name)) {
      throw new AppError(
        "tool.description_override_unknown_property",
        `Tool ${descriptor.id} has no input property "${name}".`,
      );
    }
    const schema = properties[name];
    if (!isObject(schema)) {
      throw new AppError(
        "tool.description_override_property_schema_invalid",
        `The schema of input property "${name}" of tool ${descriptor.id} is not an object.`,
      );
    }
    schema.description = text;
  }
  return copy;
}

/**
 * The shared merge (docs/spec/mcp-platform.md §5): raw catalog descriptor, then the registration override, then
 * the profile override — profile wins field by field (its `description` replaces the registration's;
 * each of its property texts replaces that property's, others keep the registration's text).
 * Throws the applyDescriptionOverride codes; never mutates `raw`.
 */
export function mergeToolDescription(
  raw: ToolDescriptor,
  registrationOverride?: ToolDescriptionOverride | null,
  profileOverride?: ToolDescriptionOverride | null,
): ToolDescriptor {
  return applyDescriptionOverride(applyDescriptionOverride(raw, registrationOverride), profileOverride);
}

/** True when the input schema root is exactly `"type": "object"` (model eligibility, docs/spec/mcp-platform.md §4). */
export function hasObjectInputSchema(descriptor: Pick<ToolDescriptor, "inputSchema">): boolean {
  return isObject(descriptor.inputSchema) && descriptor.inputSchema.type === "object";
}

/** Deep copy of a descriptor (JSON data only). */
export function cloneDescriptor(descriptor: ToolDescriptor): ToolDescriptor {
  return structuredClone(descriptor);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
