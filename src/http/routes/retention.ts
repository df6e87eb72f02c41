/**
 * Retention and usage routes (docs/spec/retention-usage.md; docs/api.md "Retention and usage"):
 * - GET /agent/retention → {keepRecentTerminalRuns, keepFullRecentRuns, autoPruneEnabled, revision,
 *   updatedAt, lastPrune, nextAutoPruneAt}
 * - PATCH /agent/retention {keepRecentTerminalRuns?, keepFullRecentRuns?, autoPruneEnabled?} → the same
 *   (400 agent.retention_invalid with details.issues)
 * - GET /agent/retention/plan → {settings, terminalRuns, keepFull, alreadySlimmed, slim, delete, blocked,
 *   slimCount, deleteCount, truncated}
 * - POST /agent/retention/prune → {slimmed, deleted, bytesFreed, remaining}
 * - GET /usage → {bytes: {chats, runs, workspace, catalogs, other, total}, counts: {chats, messages,
 *   runs, journalEvents, workspaceBlobs, registrations}}
 */
import { Hono } from "hono";
import { retentionPatchSchema } from "../../contracts/retention";
import { AppError } from "../../domain/errors";
import { retentionInvalid } from "../../domain/agent/retention";
import { readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const retentionRoutes = new Hono<HttpEnv>();

retentionRoutes.get("/agent/retention", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.retention.get", {})),
);

retentionRoutes.patch("/agent/retention", requireDevice, async (c) => {
  const body = await readJson(c, retentionPatchSchema).catch((error: unknown) => {
    // A body of the wrong shape is the same agent.retention_invalid a bad range gets.
    if (error instanceof AppError && error.code === "input.invalid") {
      const issues = Array.isArray(error.details?.issues)
        ? (error.details.issues as Array<{ path?: unknown; message?: unknown }>)
        : [];
      throw retentionInvalid(
        issues.length > 0
          ? issues.map((issue) => ({
              path: String(issue.path ?? ""),
              message: `The retention settings are not valid: ${String(issue.message ?? "invalid")}.`,
            }))
          : [{ path: "", message: error.message }],
      );
    }
    throw error;
  });
  return c.json(await callSpace(c, "agent.retention.update", body));
});

retentionRoutes.get("/agent/retention/plan", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.retention.plan", {})),
);

retentionRoutes.post("/agent/retention/prune", requireDevice, async (c) =>
  c.json(await callSpace(c, "agent.retention.prune", {})),
);

retentionRoutes.get("/usage", requireDevice, async (c) => c.json(await callSpace(c, "usage.get", {})));
