/**
 * /api/v1/agent/runs… reads and delete (docs/spec/journal.md, docs/spec/agent-runtime.md §9; docs/api.md "Agent runs"):
 * - GET /agent/runs?stableChatId=&statuses=a,b&cursor=&limit= → {runs, nextCursor?}
 * - GET /agent/runs/:runId → AgentRunSummary (404 agent.run_not_found)
 * - GET /agent/runs/:runId/events?afterSeq=&beforeSeq=&limit=&invocationId= → {events}
 * - DELETE /agent/runs/:runId → {runId, deleted: true} (409 agent.run_active while it runs)
 * POST /agent/runs (create) and /cancel belong to the agent loop's routes.
 *
 * Development only (404 http.route_not_found on a deployed server), for tests, benchmarks and UI
 * work before the agent loop lands: POST /agent/dev/runs {stableChatId, presentation?} → 201
 * handle; POST /agent/dev/runs/:runId/events {count ≤ 2000, payloadChars?} → {lastSeq};
 * POST /agent/dev/runs/:runId/status {status} → summary.
 */
import { Hono } from "hono";
import {
  devAppendEventsBodySchema,
  devCreateRunBodySchema,
  devTransitionBodySchema,
  listRunsQuerySchema,
  readEventsQuerySchema,
} from "../../contracts/agent-runs";
import { readJson, readQuery } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { runIdParam } from "../run-id-param";
import { callSpace } from "../space-client";

export const agentRunRoutes = new Hono<HttpEnv>();

agentRunRoutes.get("/agent/runs", requireDevice, async (c) => {
  const query = readQuery(c, listRunsQuerySchema);
  return c.json(await callSpace(c, "agent.runs.list", query));
});

agentRunRoutes.get("/agent/runs/:runId", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.runs.get", { runId: runIdParam(c) })),
);

agentRunRoutes.get("/agent/runs/:runId/events", requireDevice, async (c) => {
  const runId = runIdParam(c);
  const query = readQuery(c, readEventsQuerySchema);
  return c.json(await callSpace(c, "agent.runs.events", { runId, ...query }));
});

agentRunRoutes.delete("/agent/runs/:runId", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.runs.delete", { runId: runIdParam(c) })),
);

agentRunRoutes.post("/agent/dev/runs", requireDevice, async (c) => {
  const body = await readJson(c, devCreateRunBodySchema);
  return c.json(await callSpace(c, "agent.dev.createRun", body), 201);
});

agentRunRoutes.post("/agent/dev/runs/:runId/events", requireDevice, async (c) => {
  const runId = runIdParam(c);
  const body = await readJson(c, devAppendEventsBodySchema);
  return c.json(await callSpace(c, "agent.dev.appendEvents", { runId, ...body }));
});

agentRunRoutes.post("/agent/dev/runs/:runId/status", requireDevice, async (c) => {
  const runId = runIdParam(c);
  const body = await readJson(c, devTransitionBodySchema);
  return c.json(await callSpace(c, "agent.dev.transition", { runId, status: body.status }));
});
