/**
 * What an approval needs to know of a tool before a model's call to it is sent
 * (docs/spec/approvals.md "When a call asks"): its permission now (the registration reloaded, the
 * same read as the send-time recheck) and the server's name. Used by the Agent loop and chat
 * generation.
 */
import { parseMcpToolId } from "../../domain/tools/tool-id";
import type { ToolRegistrationLookup, ToolRegistrationSummary } from "../../ports/tool-registrations";

/** One registration summary, nothing decrypted (the registry's `lookupSummary`). */
export interface RegistrationSummarySource {
  lookupSummary(id: string): ToolRegistrationLookup<ToolRegistrationSummary>;
}

/** The tool's permission now, its registration and server name; null when the registration is gone or unreadable. */
export interface ToolAsk {
  permission: "off" | "ask" | "allow";
  registrationId: string;
  serverName: string;
}

/** Reads one MCP tool's current permission (null for a non-MCP id or a missing registration). */
export function toolAsk(registrations: RegistrationSummarySource, toolId: string): ToolAsk | null {
  let registrationId: string;
  let nativeName: string;
  try {
    ({ registrationId, nativeName } = parseMcpToolId(toolId));
  } catch {
    return null;
  }
  const found = registrations.lookupSummary(registrationId);
  if (found.status !== "found") return null;
  const summary = found.registration;
  return {
    permission: summary.toolPermissions[nativeName] ?? "off",
    registrationId,
    serverName: summary.displayName,
  };
}
