/**
 * /api/v1/agent/runs… reads and delete (contracts.md §3.4, §3.17; DESIGN.md "Agent"):
 * - GET /agent/runs?stableChatId=&statuses=a,b&cursor=&limit= → {runs, nextCursor?}
 * - GET /agent/runs/:runId → AgentRunSummary (404 agent.run_not_found)
 * - GET /agent/runs/:runId/events?afterSeq=&beforeSeq=&limit=&invocationId= → {events}
 * - DELETE /agent/runs/:runId → {runId, deleted: true} (409 agent.run_active while it runs)
 * POST /agent/runs (create) and /cancel belong to the agent loop's routes.
 */
import { Hono, type Context } from "hono";
import { listRunsQuerySchema, readEventsQuerySchema, runIdSchema } from "../../contracts/agent-runs";
import { AppError } from "../../domain/errors";
import { readQuery } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const agentRunRoutes = new Hono<HttpEnv>();

agentRunRoutes.use("/agent/runs", requireDevice);
agentRunRoutes.use("/agent/runs/*", requireDevice);

/** A path run id; one that cannot be a run id is simply not found. */
function runIdParam(c: Context<HttpEnv>): string {
  const runId = c.req.param("runId") ?? "";
  if (!runIdSchema.safeParse(runId).success) throw new AppError("agent.run_not_found", "No agent run with this id.", { runId: runId.slice(0, 80) });
  return runId;
}

agentRunRoutes.get("/agent/runs", async (c) => {
  const query = readQuery(c, listRunsQuerySchema);
  return c.json(await callSpace(c, "agent.runs.list", query));
});

agentRunRoutes.get("/agent/runs/:runId", async (c) => c.json(await callSpace(c, "agent.runs.get", { runId: runIdParam(c) })));

agentRunRoutes.get("/agent/runs/:runId/events", async (c) => {
  const runId = runIdParam(c);
  const query = readQuery(c, readEventsQuerySchema);
  return c.json(await callSpace(c, "agent.runs.events", { runId, ...query }));
});

agentRunRoutes.delete("/agent/runs/:runId", async (c) => c.json(await callSpace(c, "agent.runs.delete", { runId: runIdParam(c) })));
