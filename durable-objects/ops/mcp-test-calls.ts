/** MCP test-call operations (docs/spec/mcp-platform.md §14 `tools.testCall`; docs/api.md "MCP test calls"). */
import { mcpTestCalls } from "../../src/composition/mcp-calls";
import { defineOps } from "./registry";

export const mcpTestCallOps = defineOps({
  "mcp.tools.testCall": (space, input) => mcpTestCalls(space).testCall(input),
  "mcp.testCalls.cancel": (space, input) => mcpTestCalls(space).cancel(input.callId),
});
