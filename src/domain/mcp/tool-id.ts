/**
 * MCP ToolIds `mcp/<registrationId>:<nativeName>` (docs/spec/mcp-platform.md §2). The general ToolId helpers
 * live in ../tools/tool-id (split on the FIRST `:`); this module re-exports the MCP ones so MCP
 * code has one import place.
 */
export { mcpToolId, parseMcpToolId, parseToolId, formatToolId, type ToolId, type ParsedToolId } from "../tools/tool-id";
