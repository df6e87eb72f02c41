/** MCP test-call operations (docs/spec/mcp-platform.md §14 `tools.testCall`; docs/api.md "MCP test calls"). */
import { mcpTestCalls } from "../../src/composition/mcp-calls";
import { defineOps } from "./registry";

export const mcpTestCallOps = defineOps({
  "mcp.tools.testCall": (
    space,
    input: { registrationId: string; nativeName: string; argumentsJson: string; callId?: string },
  ) => mcpTestCalls(space).testCall(input),
  "mcp.testCalls.cancel": (space, input: { callId: string }) => mcpTestCalls(space).cancel(input.callId),
});
