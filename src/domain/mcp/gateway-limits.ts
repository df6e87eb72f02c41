/**
 * MCP transport limits and timeouts (docs/spec/mcp-platform.md §12): code constants, not per-server settings.
 * Timeouts are overridable only in development through TIMEOUT_OVERRIDES keys `mcpConnectMs`,
 * `mcpLifecycleMs`, `mcpListMs`, `mcpCallMs`, `mcpCallMaxMs` (empty when deployed).
 * Progress and the call deadline: docs/spec/hardening.md "Long tool calls".
 */

export const MCP_LIMITS = {
  /** HTTP JSON response body / POST SSE total / complete call response, bytes. */
  responseBytes: 4 * 1024 * 1024,
  /** `argumentsJson` UTF-8 bytes (test call, Agent, Legacy). */
  argumentsBytes: 256 * 1024,
  /** One tool's serialized wire representation, bytes. */
  toolBytes: 256 * 1024,
  /** Whole catalog (sum of serialized tools), bytes. */
  catalogBytes: 8 * 1024 * 1024,
  pages: 32,
  tools: 512,
  /** Native tool name, UTF-8 bytes. */
  nameBytes: 256,
  /** Non-2xx error body preview in error text, characters. */
  errorPreviewChars: 4096,
} as const;

/** Timeouts of one MCP client, milliseconds. */
export interface McpTimeouts {
  /** Until the first response of a new client's first request (workerd has no TCP-connect hook). */
  connectMs: number;
  /** Whole start-up (probe + initialize), including the one fresh-client retry. */
  lifecycleMs: number;
  /** Each `tools/list` page. */
  listMs: number;
  /**
   * Idle limit of a sent `tools/call`: no response and no progress notification for this long
   * ends the call OutcomeUnknown `mcp.call_timeout` (each progress notification restarts it).
   */
  callMs: number;
  /** Absolute cap of a sent `tools/call`, progress or not (10 min). */
  callMaxMs: number;
  /** Waiting for `close()`. */
  closeMs: number;
}

export const DEFAULT_MCP_TIMEOUTS: McpTimeouts = {
  connectMs: 30_000,
  lifecycleMs: 120_000,
  listMs: 120_000,
  callMs: 60_000,
  callMaxMs: 10 * 60_000,
  closeMs: 2_000,
};

/** Applies development overrides (`mcpConnectMs`, `mcpLifecycleMs`, `mcpListMs`, `mcpCallMs`, `mcpCallMaxMs`). */
export function mcpTimeouts(overrides: Record<string, number>): McpTimeouts {
  return {
    connectMs: overrides.mcpConnectMs ?? DEFAULT_MCP_TIMEOUTS.connectMs,
    lifecycleMs: overrides.mcpLifecycleMs ?? DEFAULT_MCP_TIMEOUTS.lifecycleMs,
    listMs: overrides.mcpListMs ?? DEFAULT_MCP_TIMEOUTS.listMs,
    callMs: overrides.mcpCallMs ?? DEFAULT_MCP_TIMEOUTS.callMs,
    callMaxMs: overrides.mcpCallMaxMs ?? DEFAULT_MCP_TIMEOUTS.callMaxMs,
    closeMs: DEFAULT_MCP_TIMEOUTS.closeMs,
  };
}

/** `1500` → `"1.5 s"`, `60000` → `"60 s"` (for messages). */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * Longest one gateway `call` can take, ms: start-up (lifecycle), one `tools/list` page for the
 * call-time metadata lookup (calls that carry their snapshot tool skip it), the absolute cap of
 * the sent call, and the close. The agent loop records `startedAt + mcpCallBudgetMs` as the
 * in-flight call's `deadlineAt`; the run watchdog treats a call as stuck only after it.
 */
export function mcpCallBudgetMs(timeouts: McpTimeouts): number {
  return timeouts.lifecycleMs + timeouts.listMs + timeouts.callMaxMs + timeouts.closeMs;
}
