/**
 * The `:runId` path segment of the agent-run routes (docs/api.md "Agent runs"). A segment that
 * cannot be a run id (`run_` + 32 hex, docs/spec/agent-runtime.md §2) names no run: 404
 * `agent.run_not_found`, with at most SHOWN_RUN_ID_CHARS of it echoed in the error's details.
 */
import type { Context } from "hono";
import { runIdSchema } from "../contracts/agent-runs";
import { AppError } from "../domain/errors";
import type { HttpEnv } from "./context";

/** Most characters of a path's run id echoed back (in an error's details or to the object). */
export const SHOWN_RUN_ID_CHARS = 80;

/** The run id of the path, unchecked, cut to SHOWN_RUN_ID_CHARS (for routes whose object checks it later). */
export function rawRunIdParam(c: Context<HttpEnv>): string {
  return (c.req.param("runId") ?? "").slice(0, SHOWN_RUN_ID_CHARS);
}

/** The run id of the path; one that cannot be a run id is simply not found (`agent.run_not_found`). */
export function runIdParam(c: Context<HttpEnv>): string {
  const runId = c.req.param("runId") ?? "";
  if (!runIdSchema.safeParse(runId).success)
    throw new AppError("agent.run_not_found", "No agent run with this id.", { runId: rawRunIdParam(c) });
  return runId;
}
