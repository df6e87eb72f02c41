/**
 * /api/v1/agent/runs… of the agent loop (docs/spec/agent-runtime.md §5, §9; docs/api.md "Agent runs"):
 * - POST /agent/runs {stableChatId, generationType?, profileId?, connectionId?, promptSnapshot,
 *   presentation?, options?} → 201 AgentRunHandle {runId, status, workspaceId, stableChatId, generationType}
 * - POST /agent/runs/:runId/cancel → AgentRunHandle
 * - POST /agent/runs/:runId/guidance {text, clientGuidanceId?} → 202 {runId, guidanceId, status:"queued", preview, chars, words, pendingCount}
 *   (a body of the wrong shape → 400 `agent.guidance_invalid`)
 * - GET /agent/runs/:runId/model-turns/:round?invocationId=&maxChars= → the readModelTurn projection
 * - GET /agent/runs/:runId/tool-calls/:callId?invocationId=&round= → ToolCallView (readToolCall)
 * - GET /agent/runs/:runId/invocations → AgentRunInvocations (application/agent/run-invocations.ts)
 * - GET /agent/runs/:runId/model-stream → ModelStreamView (application/agent/model-stream.ts)
 * - POST /agent/runs/:runId/commits/:commitId/revert → CommitRevertResult (application/agent/commit-revert.ts)
 * - POST /agent/runs/:runId/checkpoints/:checkpointId/restore-persist → RestorePersistResult
 * List/get/events/delete are [agent-journal]'s (src/http/routes/agent-runs.ts).
 */
import { Hono } from "hono";
import {
  callIdParamSchema,
  guidanceBodySchema,
  modelTurnQuerySchema,
  roundParamSchema,
  startRunBodySchema,
  toolCallQuerySchema,
  START_RUN_BODY_LIMIT,
} from "../../contracts/agent-loop";
import { AppError } from "../../domain/errors";
import { readJson, readQuery } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { rawRunIdParam, runIdParam } from "../run-id-param";
import { callSpace } from "../space-client";

export const agentLoopRoutes = new Hono<HttpEnv>();

agentLoopRoutes.post("/agent/runs", requireDevice, async (c) => {
  const body = await readJson(c, startRunBodySchema, { maxBytes: START_RUN_BODY_LIMIT });
  return c.json(await callSpace(c, "agent.runs.start", body), 201);
});

agentLoopRoutes.post("/agent/runs/:runId/cancel", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.runs.cancel", { runId: runIdParam(c) })),
);

agentLoopRoutes.post("/agent/runs/:runId/guidance", requireDevice, async (c) => {
  const body = await readJson(c, guidanceBodySchema).catch((error: unknown) => {
    // A body of the wrong shape is the contract's agent.guidance_invalid (docs/spec/agent-runtime.md §5), same details.
    if (error instanceof AppError && error.code === "input.invalid")
      throw new AppError("agent.guidance_invalid", error.message, error.details);
    throw error;
  });
  // The text is checked before the run is looked up (docs/api.md "Guidance refusals"): a malformed
  // id (cut as error details show it) reaches the object, which finds no such run after those checks.
  const runId = rawRunIdParam(c);
  return c.json(await callSpace(c, "agent.runs.guidance", { runId, ...body }), 202);
});

agentLoopRoutes.get("/agent/runs/:runId/model-turns/:round", requireDevice, async (c) => {
  const runId = runIdParam(c);
  const parsed = roundParamSchema.safeParse(c.req.param("round"));
  if (!parsed.success)
    throw new AppError("agent.model_turn_not_found", "A model turn is a round number from 1.", { runId });
  const query = readQuery(c, modelTurnQuerySchema);
  return c.json(await callSpace(c, "agent.runs.modelTurn", { runId, round: parsed.data, ...query }));
});

agentLoopRoutes.get("/agent/runs/:runId/tool-calls/:callId", requireDevice, async (c) => {
  const runId = runIdParam(c);
  const parsed = callIdParamSchema.safeParse(c.req.param("callId"));
  if (!parsed.success)
    throw new AppError("agent.tool_call_not_found", "A tool call id is 1 to 512 characters.", { runId });
  const query = readQuery(c, toolCallQuerySchema);
  return c.json(await callSpace(c, "agent.runs.toolCall", { runId, callId: parsed.data, ...query }));
});

agentLoopRoutes.get("/agent/runs/:runId/invocations", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.runs.invocations", { runId: runIdParam(c) })),
);

agentLoopRoutes.get("/agent/runs/:runId/model-stream", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.runs.modelStream", { runId: runIdParam(c) })),
);

agentLoopRoutes.post("/agent/runs/:runId/commits/:commitId/revert", requireDevice, async (c) => {
  const runId = runIdParam(c);
  const commitId = c.req.param("commitId") ?? "";
  if (!/^commit_[0-9a-f]{32}$/.test(commitId))
    throw new AppError("agent.commit_not_found", "This run has no such commit.", { runId });
  return c.json(await callSpace(c, "agent.runs.revertCommit", { runId, commitId }));
});

agentLoopRoutes.post("/agent/runs/:runId/checkpoints/:checkpointId/restore-persist", requireDevice, async (c) => {
  const runId = runIdParam(c);
  const checkpointId = c.req.param("checkpointId") ?? "";
  if (!/^cp_\d{6,}$/.test(checkpointId))
    throw new AppError("workspace.checkpoint_not_found", "A checkpoint id looks like cp_000001.", { runId });
  return c.json(await callSpace(c, "agent.runs.restorePersist", { runId, checkpointId }));
});
