/**
 * `AgentToolResult` (docs/spec/tool-system.md §1): what one tool call produced. `content` is the model-facing
 * text, `structured` the audit JSON (`{error:{code, message}}` for errors), `resourceRefs` paths or
 * refs it names. Stored whole in `tool-results/<invocationId>/round-NNN-call_<h>.json`.
 */
import type { ErrorCode } from "../../errors";
import { rememberBounded } from "../../bounded-map";
export interface AgentToolResult {
  callId: string;
  toolId: string | null;
  content: string;
  structured: unknown;
  isError: boolean;
  errorCode?: ErrorCode;
  resourceRefs: string[];
}

/** A recoverable (model-correctable) error result. */
export function errorResult(callId: string, toolId: string | null, code: ErrorCode, message: string): AgentToolResult {
  return {
    callId,
    toolId,
    content: message,
    structured: { error: { code, message } },
    isError: true,
    errorCode: code,
    resourceRefs: [],
  };
}

/**
 * Provider-facing text of a result (docs/spec/tool-system.md §1): builtin results as the JSON string
 * `{ok, content, structured, errorCode, resourceRefs}`; MCP results as their `content` only (G2:
 * the model reads `content`).
 */
export function providerText(result: AgentToolResult, source: "builtin" | "mcp"): string {
  if (source === "mcp") return result.content;
  return JSON.stringify({
    ok: !result.isError,
    content: result.content,
    structured: result.structured,
    errorCode: result.errorCode ?? null,
    resourceRefs: result.resourceRefs,
  });
}

const CALL_HASHES = new Map<string, string>();

/**
 * Lowercase hex of the first 8 bytes of SHA-256 of the provider call id (docs/spec/workspace.md §1
 * audit naming). The last 256 are kept: a round asks for its call's hash in the model step and
 * again in the tool step, and a digest on workerd costs a native round trip.
 */
export async function callHash(callId: string): Promise<string> {
  const known = CALL_HASHES.get(callId);
  if (known !== undefined) return known;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(callId)));
  const hash = [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
  rememberBounded(CALL_HASHES, callId, hash, 256);
  return hash;
}

/** G2 audit names (docs/spec/workspace.md §1): `tool-args|tool-results/<invocationId>/round-NNN-call_<h>.json`. */
export function auditPaths(
  invocationId: string,
  round: number,
  hash: string,
): { args: string; result: string; view: string } {
  const stem = `${invocationId}/round-${String(round).padStart(3, "0")}-call_${hash}`;
  return { args: `tool-args/${stem}.json`, result: `tool-results/${stem}.json`, view: `tool-results/${stem}.txt` };
}
