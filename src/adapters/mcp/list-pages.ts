/**
 * Raw `tools/list` paging through the client's low-level `request` with a permissive result
 * schema (docs/spec/mcp-platform.md §9). `client.listTools()` is not used: it rejects a whole page for one
 * malformed tool and silently drops tools with bad `x-mcp-header` markings.
 * Limits: 32 pages, 512 tools, 8 MiB of serialized tools; a repeated non-empty cursor is a cycle.
 * An empty `nextCursor: ""` ends the list (as the official clients treat it) and leaves the
 * diagnostic `mcp.discovery_cursor_empty` (docs/spec/hardening.md "Empty cursor").
 * Throws ListError (the caller maps kinds to codes).
 */
import { SdkError, SdkErrorCode, type Client } from "@modelcontextprotocol/client";
import { MCP_LIMITS, formatSeconds } from "../../domain/mcp/gateway-limits";
import type { McpToolDiagnostic } from "../../domain/mcp/discovered-catalog";
import type { RawTool } from "./tool-validation";
import { readableFailure } from "./runtime-message";
import type { WireSession } from "./wire-session";

/** A StandardSchema that accepts any value: validation is ours, per tool. */
export const PERMISSIVE = {
  "~standard": { version: 1, vendor: "tavernedge", validate: (value: unknown) => ({ value }) },
} as const;

export type ListErrorKind =
  | "timeout"
  | "failed"
  | "result_type"
  | "cursor_cycle"
  | "page_limit"
  | "tool_limit"
  | "catalog_size"
  | "cancelled";

export class ListError extends Error {
  constructor(
    readonly kind: ListErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();

export interface ListOptions {
  pageTimeoutMs: number;
  signal?: AbortSignal;
  /** Stop as soon as a tool with this name was seen (call-time metadata lookup). */
  stopAt?: string;
  /** Receives list-level diagnostics (`mcp.discovery_cursor_empty`). */
  diagnostics?: McpToolDiagnostic[];
}

/** Pages `tools/list` to the end (or to `stopAt`). */
export async function listAllTools(client: Client, session: WireSession, options: ListOptions): Promise<RawTool[]> {
  const tools: RawTool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let catalogBytes = 0;
  for (let page = 1; ; page += 1) {
    if (page > MCP_LIMITS.pages)
      throw new ListError("page_limit", `The server's tool list has more than ${MCP_LIMITS.pages} pages.`);
    let result: unknown;
    try {
      result = await (client.request as (request: unknown, schema: unknown, options: unknown) => Promise<unknown>)(
        { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
        PERMISSIVE,
        { timeout: options.pageTimeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
      );
    } catch (error) {
      if (options.signal?.aborted) throw new ListError("cancelled", "The request was cancelled.");
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
        throw new ListError("timeout", `A tools/list page took longer than ${formatSeconds(options.pageTimeoutMs)}.`);
      if (error instanceof SdkError && error.code === SdkErrorCode.UnsupportedResultType)
        throw new ListError(
          "result_type",
          `The server answered tools/list with a result type this host does not support (${error.message.slice(0, 120)}).`,
        );
      const reason =
        session.fault?.message ??
        readableFailure(error instanceof Error ? error.message : String(error), session.url)
          .replace(/\s+/g, " ")
          .slice(0, 300);
      throw new ListError("failed", `tools/list failed: ${reason}`);
    }
    if (typeof result !== "object" || result === null || !Array.isArray((result as { tools?: unknown }).tools)) {
      throw new ListError("failed", "tools/list failed: the result has no tools array.");
    }
    const body = result as { tools: unknown[]; nextCursor?: unknown; resultType?: unknown };
    if (body.resultType !== undefined && body.resultType !== "complete")
      throw new ListError(
        "result_type",
        `The server answered tools/list with result type "${String(body.resultType).slice(0, 40)}".`,
      );
    for (const value of body.tools) {
      let bytes: number;
      try {
        bytes = encoder.encode(JSON.stringify(value)).byteLength;
      } catch {
        bytes = MCP_LIMITS.toolBytes + 1;
      }
      catalogBytes += bytes;
      tools.push({ value, bytes });
      if (tools.length > MCP_LIMITS.tools)
        throw new ListError("tool_limit", `The server offers more than ${MCP_LIMITS.tools} tools.`);
      if (catalogBytes > MCP_LIMITS.catalogBytes)
        throw new ListError("catalog_size", "The server's tool catalog is larger than 8 MiB.");
    }
    if (
      options.stopAt !== undefined &&
      body.tools.some((tool) => (tool as { name?: unknown })?.name === options.stopAt)
    )
      return tools;
    const next = body.nextCursor;
    if (next === undefined || next === null) return tools;
    if (typeof next !== "string") throw new ListError("failed", "tools/list failed: nextCursor is not a string.");
    if (next === "") {
      options.diagnostics?.push({
        code: "mcp.discovery_cursor_empty",
        nativeName: null,
        message: `The server answered tools/list page ${page} with an empty nextCursor (""); it was taken as the end of the list.`,
      });
      return tools;
    }
    if (seenCursors.has(next))
      throw new ListError("cursor_cycle", "The server repeated a tools/list cursor, so paging would never end.");
    seenCursors.add(next);
    cursor = next;
  }
}
