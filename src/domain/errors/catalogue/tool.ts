/** `tool.*` error codes (docs/spec/tool-system.md §1): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const TOOL_CODES = {
  "tool.description_override_properties_invalid": {
    status: 400,
    message: 'Tool … has no object "properties" in its input schema, so property descriptions cannot be overridden.',
  },
  "tool.description_override_property_schema_invalid": {
    status: 400,
    message: "The schema of input property … of tool … is not an object.",
  },
  "tool.description_override_unknown_property": { status: 400, message: "Tool … has no input property …." },
  "tool.id_invalid": { status: 400, message: "This is not a tool id (expected <provider>:<name>)." },
  "tool.invalid_arguments": { status: 400, message: "Invalid arguments for …." },
  "tool.native_name_empty": { status: 400, message: "A tool name must not be empty." },
  "tool.provider_id_empty": { status: 400, message: "A tool provider id must not be empty." },
  "tool.provider_id_invalid": { status: 400, message: 'Tool provider id … must not contain ":".' },
  "tool.snapshot_alias_empty": { status: 400, message: "Tool … has an empty model alias." },
  "tool.snapshot_budget_invalid": {
    status: 400,
    message: "The tool call budget per invocation must be a positive integer (got …).",
  },
  "tool.snapshot_duplicate_alias": { status: 400, message: "Model alias … appears twice in tool snapshot …." },
  "tool.snapshot_duplicate_id": { status: 400, message: "Tool … appears twice in tool snapshot …." },
  "tool.snapshot_id_empty": { status: 400, message: "A tool snapshot needs an id." },
  "tool.snapshot_schema_unsupported": { status: 400, message: "Stored tool snapshot is not readable." },
  "tool.snapshot_tool_budget_invalid": {
    status: 400,
    message: "The call budget of tool … must be a positive integer (got …).",
  },
  "tool.turn_duplicate_id": { status: 400, message: "Tool … is listed twice in one turn." },
  "tool.turn_required_empty": {
    status: 400,
    message: "A turn that requires a tool call must offer at least one tool.",
  },
  "tool.turn_snapshot_mismatch": { status: 400, message: "Turn references tool snapshot … but the invocation uses …." },
  "tool.turn_specific_not_available": { status: 400, message: "The required tool … is not offered in this turn." },
  "tool.turn_tool_not_in_snapshot": { status: 400, message: "Tool … is not in tool snapshot …." },
} as const satisfies Record<`tool.${string}`, CatalogueEntry>;
