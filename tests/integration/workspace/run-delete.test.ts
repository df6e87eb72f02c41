/** Deleting a terminal run also deletes its workspace (files, checkpoints) and unreferenced blobs. */
import { describe, expect, it } from "vitest";
import { createCheckpoint } from "../../../src/application/workspace/checkpoints";
import { createRunWorkspace } from "../../../src/application/workspace/run-workspace";
import { runWorkspaceTool } from "../../../src/application/workspace/tools/dispatch";
import { api, apiJson, createUser } from "../helpers";
import { freshDeps, inSpace } from "./ws-helpers";

describe("run deletion", () => {
  it("removes the run's workspace with it", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const handle = await apiJson("/api/v1/agent/dev/runs", {
      token,
      body: { stableChatId: "chat-del" },
      expectStatus: 201,
    });
    const runId: string = handle.runId;
    await inSpace(user.userId, async (space) => {
      const deps = freshDeps(space);
      createRunWorkspace(deps, {
        runId,
        workspaceId: handle.workspaceId,
        stableChatId: "chat-del",
        chatRef: { kind: "character", chatId: "chat-del" },
      });
      await runWorkspaceTool(deps, { runId }, "workspace.write_file", {
        path: "output/main.md",
        content: "unique text 8d1f",
      });
      createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 2 });
    });
    expect(
      (await apiJson(`/api/v1/agent/runs/${runId}/checkpoints`, { token, expectStatus: 200 })).checkpoints,
    ).toHaveLength(1);
    await apiJson(`/api/v1/agent/dev/runs/${runId}/status`, { token, body: { status: "failed" }, expectStatus: 200 });
    expect((await api(`/api/v1/agent/runs/${runId}`, { method: "DELETE", token })).status).toBe(200);
    const leftovers = await inSpace(user.userId, (space) =>
      space.sql
        .exec(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'te_ws%' OR name LIKE 'te_blob%' OR name LIKE 'te_checkpoint%')",
        )
        .toArray()
        .map((row) => ({
          table: String(row.name),
          rows: Number(space.sql.exec(`SELECT COUNT(*) AS n FROM ${String(row.name)}`).one().n),
        }))
        .filter((entry) => entry.rows > 0),
    );
    expect(leftovers).toEqual([]);
  });
});
