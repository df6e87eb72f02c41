/**
 * Projects a raw `tools/call` result onto the outcome model (docs/spec/mcp-platform.md §10). The result was
 * parsed permissively, so unknown content is a diagnostic, never a failure:
 * text blocks keep their index; image, audio, embedded resource, resource link and unknown blocks
 * become `mcp.call_content_unsupported` (index, type and size/MIME); result `_meta` becomes
 * `mcp.call_metadata_unsupported` (protocol-reserved `io.modelcontextprotocol/*` keys excepted); `isError` absent ⇒ false; `task` / `input_required` / a result
 * without a content array are `unsupported_response`.
 */
import type { McpCallDiagnostic, McpCallOutcome } from "../../domain/mcp/call-outcome";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeBlock(block: Record<string, unknown>): string {
  const type = typeof block.type === "string" ? block.type.slice(0, 40) : "unknown";
  const mime = typeof block.mimeType === "string" ? block.mimeType.slice(0, 80) : undefined;
  const data = typeof block.data === "string" ? block.data : undefined;
  const size = data !== undefined ? `${Math.floor((data.length * 3) / 4)} bytes` : undefined;
  if (type === "resource") {
    const resource = isObject(block.resource) ? block.resource : {};
    const uri = typeof resource.uri === "string" ? resource.uri.slice(0, 120) : "?";
    return `an embedded resource (${uri}${typeof resource.mimeType === "string" ? `, ${resource.mimeType.slice(0, 80)}` : ""})`;
  }
  if (type === "resource_link")
    return `a resource link (${typeof block.uri === "string" ? block.uri.slice(0, 120) : "?"})`;
  const details = [mime, size].filter(Boolean).join(", ");
  return `${type === "image" || type === "audio" ? `an ${type}` : `a "${type}"`} block${details ? ` (${details})` : ""}`;
}

/** Maps the raw result of a sent `tools/call` to an outcome. */
export function projectCallResult(raw: unknown): McpCallOutcome {
  if (!isObject(raw))
    return {
      outcome: "outcome_unknown",
      issue: { code: "mcp.call_response_failed", message: "The server's response was not a JSON object." },
    };
  if (raw.resultType === "input_required") {
    return {
      outcome: "known_response",
      response: {
        kind: "unsupported_response",
        responseType: "input_required",
        message: "The server asked for more input; this host does not continue such requests.",
      },
    };
  }
  if (isObject(raw.task) && !Array.isArray(raw.content)) {
    return {
      outcome: "known_response",
      response: {
        kind: "unsupported_response",
        responseType: "task",
        message: "The server started a background task; this host does not poll tasks.",
      },
    };
  }
  if (!Array.isArray(raw.content)) {
    return {
      outcome: "known_response",
      response: {
        kind: "unsupported_response",
        responseType: "other",
        message: "The server's result has no content list.",
      },
    };
  }
  const text: Array<{ index: number; text: string }> = [];
  const diagnostics: McpCallDiagnostic[] = [];
  raw.content.forEach((block, index) => {
    if (isObject(block) && block.type === "text" && typeof block.text === "string") {
      text.push({ index, text: block.text });
      return;
    }
    const shown = isObject(block) ? describeBlock(block) : "a malformed block";
    diagnostics.push({
      code: "mcp.call_content_unsupported",
      message: `Content ${index} is ${shown}, which is not shown.`,
      contentIndex: index,
    });
  });
  const meta = isObject(raw._meta)
    ? Object.keys(raw._meta).filter((key) => !key.startsWith("io.modelcontextprotocol/"))
    : raw._meta === undefined
      ? []
      : ["_meta"];
  if (meta.length > 0)
    diagnostics.push({
      code: "mcp.call_metadata_unsupported",
      message: "The result carried _meta metadata, which is not shown.",
    });
  return {
    outcome: "known_response",
    response: {
      kind: "tool_result",
      result: {
        isError: raw.isError === true,
        text,
        ...(raw.structuredContent !== undefined ? { structuredContent: raw.structuredContent } : {}),
        diagnostics,
      },
    },
  };
}
