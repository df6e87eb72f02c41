/**
 * The user's explicit MCP test call (docs/spec/mcp-platform.md §10, §11 "Test call", §14; docs/api.md
 * "MCP test calls"): exactly one `tools/call` per request; permission is neither checked nor changed; every
 * outcome — gate NotSent included — is returned as the `McpCallOutcomeDto`.
 *
 * Gate order: cancelled (a tombstone for `callId`) → `mcp.call_cancelled_before_send`;
 * registration id → `mcp.call_registration_invalid`; native name → `mcp.call_tool_name_invalid`;
 * `argumentsJson` > 256 KiB (UTF-8) → `mcp.call_arguments_size_limit`; JSON syntax →
 * `mcp.call_arguments_invalid_json`; not an object → `mcp.call_arguments_not_object`;
 * registration missing → `mcp.call_registration_not_found`; unreadable / undecryptable →
 * `mcp.call_registration_unavailable`; paused → `mcp.call_server_paused`; then McpGateway.call
 * with the snapshot's tool definition and era when cached (never a network discovery).
 * Arguments are parsed with big integers kept exact (docs/spec/hosted.md §8).
 * Throws only `mcp.call_id_in_use` (409) for a live duplicate `callId`.
 */
import { AppError } from "../../domain/errors";
import { notSent, toCallOutcomeDto, type McpCallOutcome, type McpCallOutcomeDto } from "../../domain/mcp/call-outcome";
import { MCP_LIMITS } from "../../domain/mcp/gateway-limits";
import { parseRegistrationId } from "../../domain/mcp/registration-id";
import { validateToolName } from "../../domain/mcp/tool-name";
import { parseJsonExact } from "../../domain/tools/tool-arguments";
import type { CatalogCache } from "../../ports/catalog-cache";
import type { McpConnectionTarget, McpGateway } from "../../ports/mcp-gateway";
import type { McpCallRegistry } from "./call-registry";
import type { OpenedRegistration, RegistrationLookup } from "./registry-service";

export interface TestCallDeps {
  registry: { lookupForConnection(id: string): Promise<RegistrationLookup<OpenedRegistration>> };
  catalogs: CatalogCache;
  gateway: Pick<McpGateway, "call">;
  calls: McpCallRegistry;
}

export interface TestCallInput {
  registrationId: string;
  nativeName: string;
  argumentsJson: string;
  /** Client-given id for cancellation; generated when absent. */
  callId?: string;
}

const encoder = new TextEncoder();

export class McpTestCallService {
  constructor(private readonly deps: TestCallDeps) {}

  /** Runs one test call; see the file docstring. */
  async testCall(input: TestCallInput): Promise<McpCallOutcomeDto> {
    const callId = input.callId ?? crypto.randomUUID();
    const started = this.deps.calls.start(callId);
    if (started.cancelled)
      return toCallOutcomeDto(
        notSent("mcp.call_cancelled_before_send", "The tool request was cancelled before it started."),
      );
    try {
      return toCallOutcomeDto(await this.run(input, started.signal));
    } finally {
      this.deps.calls.finish(callId, started.signal);
    }
  }

  /** Cancels a test call (`"cancelled"`) or leaves a 60 s tombstone (`"not_running"`). */
  cancel(callId: string): { callId: string; state: "cancelled" | "not_running" } {
    return { callId, state: this.deps.calls.cancel(callId) };
  }

  private async run(input: TestCallInput, signal: AbortSignal): Promise<McpCallOutcome> {
    let registrationId: string;
    try {
      registrationId = parseRegistrationId(input.registrationId);
    } catch (error) {
      return notSent("mcp.call_registration_invalid", messageOf(error));
    }
    try {
      validateToolName(input.nativeName);
    } catch (error) {
      return notSent("mcp.call_tool_name_invalid", messageOf(error));
    }
    const bytes = encoder.encode(input.argumentsJson).byteLength;
    if (bytes > MCP_LIMITS.argumentsBytes) {
      return notSent(
        "mcp.call_arguments_size_limit",
        `The arguments are ${bytes} bytes; the limit is ${MCP_LIMITS.argumentsBytes} bytes (256 KiB).`,
      );
    }
    let args: unknown;
    try {
      args = parseJsonExact(input.argumentsJson);
    } catch (error) {
      return notSent(
        "mcp.call_arguments_invalid_json",
        `The arguments are not valid JSON: ${messageOf(error).slice(0, 200)}`,
      );
    }
    if (typeof args !== "object" || args === null || Array.isArray(args))
      return notSent("mcp.call_arguments_not_object", "The arguments must be a JSON object, such as {}.");
    const found = await this.deps.registry.lookupForConnection(registrationId);
    if (found.status === "missing")
      return notSent("mcp.call_registration_not_found", `MCP registration not found: ${registrationId}`);
    if (found.status === "unavailable")
      return notSent(
        "mcp.call_registration_unavailable",
        `MCP registration ${registrationId} could not be loaded (${found.issue.code}).`,
      );
    const registration = found.registration;
    if (registration.state !== "active")
      return notSent(
        "mcp.call_server_paused",
        `MCP server "${registration.displayName}" is paused; activate it to call its tools.`,
      );
    const cached = await this.deps.catalogs.readCached(registrationId);
    const tool =
      cached.status === "cached"
        ? cached.catalog.tools.find((candidate) => candidate.nativeName === input.nativeName)
        : undefined;
    const target: McpConnectionTarget = {
      registrationId,
      endpoint: registration.endpoint,
      headers: registration.headers,
      protocolVersion: registration.protocolVersion,
      ...(cached.status === "cached" && cached.era ? { era: cached.era } : {}),
    };
    return this.deps.gateway.call(target, {
      nativeName: input.nativeName,
      arguments: args as Record<string, unknown>,
      ...(tool ? { tool } : {}),
      signal,
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof AppError || error instanceof Error ? error.message : String(error);
}
