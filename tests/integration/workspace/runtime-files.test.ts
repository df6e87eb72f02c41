/** Runtime writes (direct-output capture, task summaries) and commit reads (docs/spec/workspace.md §3, docs/spec/agent-runtime.md §4). */
import { describe, expect, it } from "vitest";
import { createCheckpoint } from "../../../src/application/workspace/checkpoints";
import { readRuntimeFile, writeRuntimeFile } from "../../../src/application/workspace/runtime-files";
import { expectToolError, freshDeps, inSpace, ok, workspaceFixture } from "./ws-helpers";

describe("runtime files", () => {
  it("captures direct output without a read, checkpoints it, and leaves the model's old read stale", async () => {
    const { user, runId, call } = await workspaceFixture();
    ok(await call("workspace.write_file", { path: "output/direct_output.md", content: "old\n" }));
    const written = await inSpace(user.userId, (space) =>
      writeRuntimeFile(freshDeps(space), runId, "output/direct_output.md", "The model's reply text.\n"),
    );
    expect(written).toMatchObject({ path: "output/direct_output.md", chars: 24, words: 4 });
    const cp = await inSpace(user.userId, (space) =>
      createCheckpoint(freshDeps(space), runId, { reason: "direct_output_capture", eventSeq: 7 }),
    );
    expect(cp.files).toEqual([{ path: "output/direct_output.md", sha256: written.sha256, bytes: written.bytes }]);
    expectToolError(
      await call("workspace.write_file", { path: "output/direct_output.md", content: "mine" }),
      "workspace.write_stale_file",
    );
    const read = await inSpace(user.userId, (space) =>
      readRuntimeFile(freshDeps(space), runId, "output/direct_output.md"),
    );
    expect(read).toMatchObject({ text: "The model's reply text.\n", sha256: written.sha256 });
    expect(
      await inSpace(user.userId, (space) => readRuntimeFile(freshDeps(space), runId, "output/none.md")),
    ).toBeNull();
    await expect(
      inSpace(user.userId, (space) => writeRuntimeFile(freshDeps(space), runId, "input/x.json", "{}")),
    ).rejects.toMatchObject({ code: "workspace.invalid_path" });
  });
});
