/**
 * Run workspace reads (docs/spec/workspace.md §2; docs/api.md "Agent workspace and checkpoints"):
 * - GET /agent/runs/:runId/checkpoints?afterSeq=&limit= → {runId, checkpoints: [{id, seq, runId, createdAt, reason, eventSeq, files}]}
 * - GET /agent/runs/:runId/workspace?checkpointId= → {runId, checkpointId, roots, files: [{path, sha256, bytes}]}
 * - GET /agent/runs/:runId/workspace/<path>?checkpointId= → {path, sha256, bytes, chars, words, checkpointId, content}
 * - GET /agent/runs/:runId/checkpoints/:a/diff/:b → {runId, from, to, files: [{path, status, oldSha256, newSha256, additions, deletions, diff, tooLarge}], truncated}
 *   (`:a` may be `start`: the files the run started from, i.e. its projected persistent files)
 * Errors: agent.run_not_found 404, workspace.checkpoint_not_found 404, workspace.file_not_found 404,
 * workspace.invalid_path 400, input.invalid 400.
 */
import { Hono, type Context } from "hono";
import { checkpointIdSchema, checkpointQuerySchema, listCheckpointsQuerySchema } from "../../contracts/workspace";
import { AppError } from "../../domain/errors";
import { RUN_START_ID } from "../../domain/workspace/checkpoint-id";
import { readQuery } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { runIdParam } from "../run-id-param";
import { callSpace } from "../space-client";

export const workspaceRoutes = new Hono<HttpEnv>();

function checkpointParam(c: Context<HttpEnv>, name: string, start = false): string {
  const value = c.req.param(name) ?? "";
  if (start && value === RUN_START_ID) return value;
  if (!checkpointIdSchema.safeParse(value).success)
    throw new AppError("workspace.checkpoint_not_found", `${value.slice(0, 40)} is not a checkpoint id (cp_000001).`);
  return value;
}

workspaceRoutes.get("/agent/runs/:runId/checkpoints", requireDevice, async (c) => {
  const query = readQuery(c, listCheckpointsQuerySchema);
  return c.json(await callSpace(c, "workspace.checkpoints", { runId: runIdParam(c), ...query }));
});

workspaceRoutes.get("/agent/runs/:runId/checkpoints/:a/diff/:b", requireDevice, async (c) =>
  c.json(
    await callSpace(c, "workspace.diff", {
      runId: runIdParam(c),
      from: checkpointParam(c, "a", true),
      to: checkpointParam(c, "b"),
    }),
  ),
);

workspaceRoutes.get("/agent/runs/:runId/workspace", requireDevice, async (c) => {
  const { checkpointId } = readQuery(c, checkpointQuerySchema);
  return c.json(await callSpace(c, "workspace.tree", { runId: runIdParam(c), checkpointId }));
});

workspaceRoutes.get("/agent/runs/:runId/workspace/:path{.+}", requireDevice, async (c) => {
  const { checkpointId } = readQuery(c, checkpointQuerySchema);
  const runId = runIdParam(c);
  // The raw path after /workspace/, percent-decoded; the workspace then applies the WorkspacePath rules.
  const prefix = `/api/v1/agent/runs/${runId}/workspace/`;
  const pathname = new URL(c.req.url).pathname;
  const raw = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : (c.req.param("path") ?? "");
  let path: string;
  try {
    path = raw
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
  } catch {
    throw new AppError("workspace.invalid_path", "The file path is not valid percent-encoding.");
  }
  return c.json(await callSpace(c, "workspace.file", { runId, path, checkpointId }));
});
