/**
 * Composition: the MCP call cancellation registry (shared by test calls and model-driven calls:
 * one id space per user object, ADR 0453) and the test-call service.
 */
import { McpCallRegistry } from "../application/mcp/call-registry";
import { McpTestCallService } from "../application/mcp/test-call-service";
import type { Space } from "../ports/space";
import { mcpCatalogCache, mcpGateway } from "./mcp-catalog";
import { mcpRegistryServices } from "./mcp-registry";

/** The space's call registry (`start` / `cancel` / `finish` by callId or executionCallId). */
export function mcpCallRegistry(space: Space): McpCallRegistry {
  return space.memo("mcp.calls", () => new McpCallRegistry(space.clock));
}

/** The test-call service (`testCall`, `cancel`). */
export function mcpTestCalls(space: Space): McpTestCallService {
  return space.memo(
    "mcp.testCalls",
    () =>
      new McpTestCallService({
        registry: mcpRegistryServices(space),
        catalogs: mcpCatalogCache(space),
        gateway: mcpGateway(space),
        calls: mcpCallRegistry(space),
      }),
  );
}
