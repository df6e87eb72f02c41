/**
 * Workspace records kept in the object's memory (docs/decisions/3700): the composed workspace deps
 * keep each run's record, and every change to it is seen at once: closing, a persist projection,
 * a new file, a rolled-back transaction and a delete.
 */
import { describe, expect, it } from "vitest";
import {
  closeRunWorkspace,
  createRunWorkspace,
  requireOpenWorkspace,
} from "../../../src/application/workspace/run-workspace";
import { runWorkspaceTool } from "../../../src/application/workspace/tools/dispatch";
import { workspaceDeps } from "../../../src/composition/workspace";
import { AppError } from "../../../src/domain/errors";
import { createUser } from "../helpers";
import { inSpace, ok, testRunId } from "./ws-helpers";

describe("kept workspace records", () => {
  it("follow every change of the record: a new file, a projection, a rollback, closing and deleting", async () => {
    const user = await createUser();
    const runId = testRunId();
    const seen = await inSpace(user.userId, async (space) => {
      const deps = workspaceDeps(space);
      createRunWorkspace(deps, { runId, workspaceId: "chat_00000000000000ab", stableChatId: "c", chatRef: {} });
      const first = requireOpenWorkspace(deps, runId);
      ok(await runWorkspaceTool(deps, { runId }, "workspace.write_file", { path: "plan/a.md", content: "a" }));
      ok(await runWorkspaceTool(deps, { runId }, "workspace.write_file", { path: "plan/a.md", content: "b" }));
      ok(await runWorkspaceTool(deps, { runId }, "workspace.write_file", { path: "plan/b.md", content: "c" }));
      const afterFiles = deps.files.run(runId)!.fileCount;
      const storedCount = Number(
        space.sql.exec("SELECT file_count FROM te_ws_runs WHERE run_id = ?", runId).one().file_count,
      );
      deps.files.markProjected(runId, "state_1", 3);
      const projected = deps.files.run(runId)!;
      let rolledBack = "";
      try {
        space.storage.transactionSync(() => {
          deps.files.setState(runId, "closed");
          deps.files.run(runId);
          throw new AppError("app.internal_error", "rolled back on purpose");
        });
      } catch (error) {
        rolledBack = (error as AppError).code;
      }
      const afterRollback = deps.files.run(runId)!.state;
      closeRunWorkspace(deps, runId);
      let closedCode = "";
      try {
        requireOpenWorkspace(deps, runId);
      } catch (error) {
        closedCode = (error as AppError).code;
      }
      deps.files.deleteRun(runId);
      return {
        firstCount: first.fileCount,
        afterFiles,
        storedCount,
        projected: [projected.persistProjected, projected.persistBaseStateId, projected.persistProjectedOrder],
        rolledBack,
        afterRollback,
        closedCode,
        afterDelete: deps.files.run(runId),
      };
    });
    expect(seen).toEqual({
      firstCount: 0,
      afterFiles: 2,
      storedCount: 2,
      projected: [true, "state_1", 3],
      rolledBack: "app.internal_error",
      afterRollback: "open",
      closedCode: "workspace.run_closed",
      afterDelete: null,
    });
  });
});
