/** Reads the newer server out of a 409 `mcp.registration_conflict` (`details.current`), else null. */
import { ApiError } from "../api/client";
import type { McpServer } from "./types";

export function conflictCurrent(error: unknown): McpServer | null {
  if (!(error instanceof ApiError) || error.code !== "mcp.registration_conflict") return null;
  const details = error.details as { current?: McpServer } | undefined;
  return details?.current && typeof details.current === "object" ? details.current : null;
}
