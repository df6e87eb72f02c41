/**
 * MCP outcomes inside an Agent run (docs/spec/tool-system.md §3): mapping to AgentToolResult and the
 * model-facing projection with externalization of long results.
 *
 * - known tool result → content = text blocks joined with blank lines; structured =
 *   `{structuredContent, diagnostics}`; isError from the server (`mcp.tool_error`);
 * - JSON-RPC error → `mcp.server_error`; unsupported response → `mcp.unsupported_response`;
 * - NotSent → recoverable error with the issue's code/message;
 * - OutcomeUnknown → `mcp.call_outcome_unknown` and the run terminates (`terminate: true`).
 * Projection: joined text (dropped if it merely serializes structuredContent), `## Details`
 * (markdown of structuredContent), `## Notes` (content diagnostics except
 * `mcp.call_metadata_unsupported`), `## Error details` (JSON-RPC data); empty → "The MCP tool
 * completed without content." Above `limit` Unicode chars → externalized (see externalize()).
 */
import type { McpCallOutcome } from "../../mcp/call-outcome";
import { countChars } from "../../workspace/text-metrics";
import { errorResult, type AgentToolResult } from "./tool-result";
import type { ErrorCode } from "../../errors";

/** The mapped result and whether the run must stop after recording it. */
export interface McpMapped {
  result: AgentToolResult;
  terminate: boolean;
}

/** Maps an outcome (docs/spec/tool-system.md §3). The content is already the model-facing projection (not yet externalized). */
export function mapMcpOutcome(callId: string, toolId: string, outcome: McpCallOutcome): McpMapped {
  if (outcome.outcome === "not_sent")
    return { result: errorResult(callId, toolId, outcome.issue.code, outcome.issue.message), terminate: false };
  if (outcome.outcome === "outcome_unknown") {
    const message = `${outcome.issue.message} The MCP tool may have executed; this call will not be retried.`;
    return {
      result: {
        ...errorResult(callId, toolId, "mcp.call_outcome_unknown", message),
        structured: { error: { code: "mcp.call_outcome_unknown", message, issue: outcome.issue } },
      },
      terminate: true,
    };
  }
  const response = outcome.response;
  if (response.kind === "tool_result") {
    const r = response.result;
    const joined = r.text.map((block) => block.text).join("\n\n");
    const content = projectContent(joined, r.structuredContent, r.diagnostics, undefined);
    return {
      result: {
        callId,
        toolId,
        content,
        structured: { structuredContent: r.structuredContent ?? null, diagnostics: r.diagnostics },
        isError: r.isError,
        ...(r.isError ? { errorCode: "mcp.tool_error" } : {}),
        resourceRefs: [],
      },
      terminate: false,
    };
  }
  if (response.kind === "server_error") {
    const content = projectContent(response.message, undefined, [], response.data);
    return {
      result: {
        callId,
        toolId,
        content,
        structured: { serverError: { code: response.code, message: response.message, data: response.data ?? null } },
        isError: true,
        errorCode: "mcp.server_error",
        resourceRefs: [],
      },
      terminate: false,
    };
  }
  return {
    result: {
      callId,
      toolId,
      content: response.message,
      structured: { unsupportedResponse: { type: response.responseType, message: response.message } },
      isError: true,
      errorCode: "mcp.unsupported_response",
      resourceRefs: [],
    },
    terminate: false,
  };
}

function projectContent(
  text: string,
  structured: unknown,
  diagnostics: ReadonlyArray<{ code: ErrorCode; message: string }>,
  errorData: unknown,
): string {
  const sections: string[] = [];
  const structuredText = structured === undefined ? null : JSON.stringify(structured);
  const isMereSerialization =
    structuredText !== null && (text.trim() === structuredText || safeEqualJson(text, structured));
  if (text.trim().length > 0 && !isMereSerialization) sections.push(text);
  if (structured !== undefined) sections.push(`## Details\n\n${markdownOf(structured, 0)}`);
  const notes = diagnostics.filter((d) => d.code !== "mcp.call_metadata_unsupported");
  if (notes.length > 0) sections.push(`## Notes\n\n${notes.map((d) => `- ${d.message}`).join("\n")}`);
  if (errorData !== undefined) sections.push(`## Error details\n\n${markdownOf(errorData, 0)}`);
  return sections.length > 0 ? sections.join("\n\n") : "The MCP tool completed without content.";
}

function safeEqualJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** A readable markdown rendering of JSON: nested bullet lists, scalars inline. */
export function markdownOf(value: unknown, depth: number): string {
  const pad = "  ".repeat(depth);
  if (value === null || typeof value !== "object") return `${pad}${scalar(value)}`;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [String(i + 1), v])
    : Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return `${pad}${Array.isArray(value) ? "(empty list)" : "(empty)"}`;
  return entries
    .map(([key, v]) => {
      if (v !== null && typeof v === "object") return `${pad}- ${key}:\n${markdownOf(v, depth + 1)}`;
      return `${pad}- ${key}: ${scalar(v)}`;
    })
    .join("\n");
}

function scalar(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "null";
}

/** Longest physical line in the readable view before hard wrapping (docs/spec/tool-system.md §3). */
export const VIEW_LINE_CHARS = 3000;
/** Prefix preview length in the externalized instruction block (docs/spec/tool-system.md §3). */
export const PREVIEW_CHARS = 3000;

/** The line-addressable `.txt` view: lines longer than 3,000 chars are hard-wrapped. */
export function readableView(content: string): string {
  return content
    .split("\n")
    .flatMap((line) => {
      const chars = Array.from(line);
      if (chars.length <= VIEW_LINE_CHARS) return [line];
      const out: string[] = [];
      for (let i = 0; i < chars.length; i += VIEW_LINE_CHARS) out.push(chars.slice(i, i + VIEW_LINE_CHARS).join(""));
      return out;
    })
    .join("\n");
}

/** True when content must be externalized under `limit` (Unicode chars, > 0). */
export function exceedsInlineLimit(content: string, limit: number): boolean {
  return countChars(content) > limit;
}

/**
 * The instruction block that replaces an externalized result's content (docs/spec/tool-system.md §3 step 3): size and
 * limit, the readable path, how to page it with the read-file alias (and search alias), then
 * `## Prefix preview` (≤ 3,000 chars).
 */
export function externalizedContent(input: {
  content: string;
  limit: number;
  viewPath: string;
  viewLines: number;
  readAlias?: string;
  searchAlias?: string;
}): string {
  const chars = countChars(input.content);
  const lines = [
    `The MCP tool result is ${chars} characters, above the inline limit of ${input.limit}; it was saved to ${input.viewPath} (${input.viewLines} lines).`,
    input.readAlias
      ? `Read it in pages with ${input.readAlias} {"path": "${input.viewPath}", "start_line": 1, "line_count": 200}, then continue from the reported nextStartLine (endLine + 1).`
      : "No workspace reading tool is available in this run, so only the preview below can be used.",
  ];
  if (input.searchAlias) lines.push(`Search it with ${input.searchAlias} {"query": "…", "path": "${input.viewPath}"}.`);
  const preview = Array.from(input.content).slice(0, PREVIEW_CHARS).join("");
  return `${lines.join("\n")}\n\n## Prefix preview\n\n${preview}`;
}
