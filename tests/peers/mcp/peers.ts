/**
 * The MCP peers of the workers project (added to ../registry.ts):
 * - `mcp-everything`: server-everything (2025-11-25, sessionful, SSE); endpoint `<url>/mcp`.
 * - `mcp-modern`: v2 server package speaking 2026-07-28; endpoint `<url>/mcp`; records requests.
 * - `mcp-hostile`: hostile fixtures under `<url>/h/<scenario>`; records requests.
 * - `mcp-hostile-cross`: the hostile peer's second origin (cross-origin redirect target).
 * Recorded requests: `GET <url>/control/requests?route=<path prefix>`.
 */
import type { Peer } from "../registry";
import { startEverythingPeer } from "./everything-peer";
import { startHostileCrossPeer, startHostilePeer } from "./hostile-peer";
import { startModernPeer } from "./modern-peer";

export function startMcpPeers(): Peer[] {
  return [
    { name: "mcp-everything", start: startEverythingPeer },
    { name: "mcp-modern", start: startModernPeer },
    { name: "mcp-hostile", start: startHostilePeer },
    { name: "mcp-hostile-cross", start: startHostileCrossPeer },
  ];
}
