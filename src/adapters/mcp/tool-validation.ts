/**
 * Per-tool validation of a discovered catalog (docs/spec/mcp-platform.md §9). Each problem drops only the
 * tool(s) concerned and leaves a diagnostic naming the tool:
 * - a native name shared by several tools drops the whole same-name group (`mcp.tool_duplicate_name`);
 * - a name that is not a non-empty string of ≤ 256 UTF-8 bytes (`mcp.tool_name_invalid`);
 * - a serialized tool over 256 KiB (`mcp.tool_size_limit`);
 * - an input schema that is not a JSON object compiling as draft 2020-12 (`mcp.tool_input_schema_invalid`);
 * - annotations that are present but not an object (`mcp.tool_annotations_invalid`);
 * - on 2026-07-28, invalid `x-mcp-header` markings (`mcp.tool_header_marking_invalid`, hosted
 *   extension: the SDK would silently drop such a tool);
 * - an invalid optional output schema removes only that field (`mcp.tool_output_schema_invalid`).
 * Tools come out sorted by native name (code-unit order); annotations are kept as untrusted data.
 */
import type { McpDiscoveredTool, McpJsonObject, McpToolDiagnostic } from "../../domain/mcp/discovered-catalog";
import { MCP_LIMITS } from "../../domain/mcp/gateway-limits";
import { schemaCompileProblem } from "./schema-check";
import { xMcpHeaderProblem } from "./x-mcp-header";

/** A raw tool as received, with its serialized size in bytes. */
export interface RawTool {
  value: unknown;
  bytes: number;
}

const encoder = new TextEncoder();

function isObject(value: unknown): value is McpJsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalText(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** Validates raw tools; `modern` enables the x-mcp-header check. */
export function validateTools(
  raw: RawTool[],
  modern: boolean,
): { tools: McpDiscoveredTool[]; diagnostics: McpToolDiagnostic[] } {
  const diagnostics: McpToolDiagnostic[] = [];
  const groups = new Map<string, RawTool[]>();
  for (const item of raw) {
    const name = isObject(item.value) ? item.value.name : undefined;
    if (typeof name !== "string" || name.length === 0 || encoder.encode(name).byteLength > MCP_LIMITS.nameBytes) {
      const shown = typeof name === "string" ? name.slice(0, 80) : null;
      diagnostics.push({
        code: "mcp.tool_name_invalid",
        nativeName: shown,
        message:
          typeof name === "string" && name.length > 0
            ? "The tool name is longer than 256 bytes."
            : "The tool has no valid name.",
      });
      continue;
    }
    const group = groups.get(name) ?? [];
    group.push(item);
    groups.set(name, group);
  }
  const tools: McpDiscoveredTool[] = [];
  for (const name of [...groups.keys()].sort()) {
    const group = groups.get(name)!;
    if (group.length > 1) {
      diagnostics.push({
        code: "mcp.tool_duplicate_name",
        nativeName: name,
        message: `${group.length} tools share the name "${name}"; none of them is offered.`,
      });
      continue;
    }
    const { value, bytes } = group[0]!;
    const tool = value as McpJsonObject;
    if (bytes > MCP_LIMITS.toolBytes) {
      diagnostics.push({
        code: "mcp.tool_size_limit",
        nativeName: name,
        message: `The tool definition is ${Math.ceil(bytes / 1024)} KiB; the limit is 256 KiB.`,
      });
      continue;
    }
    const inputProblem = schemaCompileProblem(tool.inputSchema);
    if (inputProblem) {
      diagnostics.push({
        code: "mcp.tool_input_schema_invalid",
        nativeName: name,
        message: `The input schema is not valid JSON Schema 2020-12: ${inputProblem}.`,
      });
      continue;
    }
    if (tool.annotations !== undefined && tool.annotations !== null && !isObject(tool.annotations)) {
      diagnostics.push({
        code: "mcp.tool_annotations_invalid",
        nativeName: name,
        message: "The tool annotations are not a JSON object.",
      });
      continue;
    }
    if (modern) {
      const headerProblem = xMcpHeaderProblem(tool.inputSchema);
      if (headerProblem) {
        diagnostics.push({
          code: "mcp.tool_header_marking_invalid",
          nativeName: name,
          message: `The tool's x-mcp-header markings are invalid (${headerProblem}), so it cannot be called over Streamable HTTP.`,
        });
        continue;
      }
    }
    let outputSchema: McpJsonObject | null = null;
    if (tool.outputSchema !== undefined && tool.outputSchema !== null) {
      const outputProblem = schemaCompileProblem(tool.outputSchema);
      if (outputProblem)
        diagnostics.push({
          code: "mcp.tool_output_schema_invalid",
          nativeName: name,
          message: `The output schema was removed because it is not valid JSON Schema 2020-12: ${outputProblem}.`,
        });
      else outputSchema = tool.outputSchema as McpJsonObject;
    }
    tools.push({
      nativeName: name,
      title: optionalText(tool.title),
      description: optionalText(tool.description),
      inputSchema: tool.inputSchema as McpJsonObject,
      outputSchema,
      annotations: isObject(tool.annotations) ? tool.annotations : {},
    });
  }
  return { tools, diagnostics };
}
