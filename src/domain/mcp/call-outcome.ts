/**
 * MCP call outcome model and its wire DTO (docs/spec/mcp-platform.md §10).
 *
 * - `not_sent`: failed before the request handle existed (gate codes, start-up, headers…).
 * - `outcome_unknown`: after sending — cancel, timeout, broken / unparseable / > 4 MiB response.
 *   Never retried, never replaced by a fabricated result.
 * - `known_response`: the server answered: a tool result (isError included), a JSON-RPC error,
 *   or a response kind this host does not continue (`input_required`, `task`, `other`).
 */
import type { ErrorCode } from "../errors";

/** `{code, message}` of a NotSent / OutcomeUnknown outcome (codes in docs/spec/mcp-platform.md §13). */
export interface McpCallIssue {
  code: ErrorCode;
  message: string;
}

/** A result diagnostic (`mcp.call_content_unsupported`, `mcp.call_metadata_unsupported`). */
export interface McpCallDiagnostic {
  code: ErrorCode;
  message: string;
  contentIndex?: number;
}

/** A tool result: text blocks keep their original content index. */
export interface McpToolCallResult {
  isError: boolean;
  text: Array<{ index: number; text: string }>;
  /** The structured content as received (JSON), when present. */
  structuredContent?: unknown;
  diagnostics: McpCallDiagnostic[];
}

export type McpKnownResponse =
  | { kind: "tool_result"; result: McpToolCallResult }
  | { kind: "server_error"; code: number; message: string; data?: unknown }
  | { kind: "unsupported_response"; responseType: "input_required" | "task" | "other"; message: string };

export type McpCallOutcome =
  | { outcome: "known_response"; response: McpKnownResponse }
  | { outcome: "not_sent"; issue: McpCallIssue }
  | { outcome: "outcome_unknown"; issue: McpCallIssue };

/** The wire DTO `McpCallOutcomeDto` (docs/spec/mcp-platform.md §10). */
export type McpCallOutcomeDto =
  | { outcome: "known_response"; response: McpKnownResponseDto }
  | { outcome: "not_sent"; code: ErrorCode; message: string }
  | { outcome: "outcome_unknown"; code: ErrorCode; message: string };

export type McpKnownResponseDto =
  | {
      kind: "tool_result";
      isError: boolean;
      textBlocks: Array<{ index: number; text: string }>;
      structuredJson?: string;
      diagnostics: McpCallDiagnostic[];
    }
  | { kind: "server_error"; code: number; message: string; dataJson?: string }
  | { kind: "unsupported_response"; responseType: "input_required" | "task" | "other"; message: string };

/** Builds a NotSent outcome. */
export function notSent(code: ErrorCode, message: string): McpCallOutcome {
  return { outcome: "not_sent", issue: { code, message } };
}

/** Builds an OutcomeUnknown outcome. */
export function outcomeUnknown(code: ErrorCode, message: string): McpCallOutcome {
  return { outcome: "outcome_unknown", issue: { code, message } };
}

/**
 * Projects an outcome onto the wire DTO: `structuredJson` is the structured content pretty-printed
 * with 2 spaces, `dataJson` compact JSON; absent optional fields are omitted.
 */
export function toCallOutcomeDto(outcome: McpCallOutcome): McpCallOutcomeDto {
  if (outcome.outcome !== "known_response")
    return { outcome: outcome.outcome, code: outcome.issue.code, message: outcome.issue.message };
  const response = outcome.response;
  if (response.kind === "tool_result") {
    const { result } = response;
    return {
      outcome: "known_response",
      response: {
        kind: "tool_result",
        isError: result.isError,
        textBlocks: result.text,
        ...(result.structuredContent !== undefined
          ? { structuredJson: JSON.stringify(result.structuredContent, null, 2) }
          : {}),
        diagnostics: result.diagnostics,
      },
    };
  }
  if (response.kind === "server_error") {
    return {
      outcome: "known_response",
      response: {
        kind: "server_error",
        code: response.code,
        message: response.message,
        ...(response.data !== undefined ? { dataJson: JSON.stringify(response.data) } : {}),
      },
    };
  }
  return { outcome: "known_response", response };
}
