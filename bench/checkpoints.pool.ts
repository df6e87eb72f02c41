/**
 * Benchmark body for bench/checkpoints.mjs (runs in workerd through the pool; prints, never asserts).
 * For a 10-file and a 1,000-file run workspace: change one file, then time createCheckpoint and
 * measure what the checkpoint tables grew by (rows, bytes, and SQLite database size), over
 * CHECKPOINTS single-file steps. Prints medians; the two workspace sizes should be about equal
 * because a checkpoint stores only the delta (full maps are amortized, ADR 1201).
 */
import { env, runInDurableObject } from "cloudflare:test";
import { it } from "vitest";
import type { UserSpace } from "../durable-objects/user-space";
import { createCheckpoint, filesAt } from "../src/application/workspace/checkpoints";
import { createRunWorkspace } from "../src/application/workspace/run-workspace";
import { runWorkspaceTool } from "../src/application/workspace/tools/dispatch";
import { workspaceDeps } from "../src/composition/workspace";
import { createUser } from "../tests/integration/helpers";

const CHECKPOINTS = 400;
/** Checkpoints per timed batch (workerd timers are coarse, so time batches, not single calls). */
const BATCH = 50;
const FILE_BODY = "A line of notes about the story so far. ".repeat(12);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function tableBytes(sql: SqlStorage, runId: string): number {
  let total = 0;
  for (const table of ["te_checkpoints", "te_checkpoint_entries", "te_checkpoint_maps"]) {
    const cols =
      table === "te_checkpoints"
        ? "length(run_id) + length(reason) + 32"
        : "length(run_id) + length(path) + length(hash) + 16";
    total += Number(sql.exec(`SELECT COALESCE(SUM(${cols}), 0) AS b FROM ${table} WHERE run_id = ?`, runId).one().b);
  }
  return total;
}

function rows(sql: SqlStorage, runId: string): number {
  return Number(
    sql
      .exec(
        "SELECT (SELECT COUNT(*) FROM te_checkpoint_entries WHERE run_id = ?1) + (SELECT COUNT(*) FROM te_checkpoint_maps WHERE run_id = ?1) AS n",
        runId,
      )
      .one().n,
  );
}

it("checkpoints: 1 file changed in a 10-file vs a 1,000-file workspace", async () => {
  const user = await createUser();
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  const stub = namespace.get(namespace.idFromName(user.userId));
  await runInDurableObject(stub, async (instance: UserSpace) => {
    const space = instance.space();
    const deps = workspaceDeps(space);
    console.log(`checkpoints: ${CHECKPOINTS} single-file checkpoints per workspace, medians (workerd, local SQLite)`);
    for (const size of [10, 1000]) {
      const runId = `run_${String(size).padStart(32, "0")}`;
      createRunWorkspace(deps, { runId, workspaceId: "chat_bench000000000000", stableChatId: "bench", chatRef: {} });
      for (let i = 0; i < size; i += 1) {
        await runWorkspaceTool(deps, { runId }, "workspace.write_file", {
          path: `scratch/notes/n${String(i).padStart(4, "0")}.md`,
          content: `${i} ${FILE_BODY}`,
        });
      }
      createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 1 });
      const rowGrowth: number[] = [];
      const byteGrowth: number[] = [];
      const batchMs: number[] = [];
      const dbBefore = space.storage.sql.databaseSize;
      const rowsBefore = rows(space.sql, runId);
      const bytesBefore = tableBytes(space.sql, runId);
      // The changed file's versions are stored first, so the timed loop is only "mark 1 file changed + checkpoint".
      const versions = [];
      for (let step = 0; step < CHECKPOINTS; step += 1)
        versions.push(await deps.blobs.put(`draft ${step} of the ${size}-file run ${FILE_BODY}`));
      for (let batch = 0; batch < CHECKPOINTS / BATCH; batch += 1) {
        const start = performance.now();
        for (let i = 0; i < BATCH; i += 1) {
          const step = batch * BATCH + i;
          const version = versions[step]!;
          deps.files.putFile(
            runId,
            { path: "output/main.md", sha256: version.sha256, bytes: version.bytes },
            Date.now(),
          );
          createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: step + 2 });
        }
        batchMs.push((performance.now() - start) / BATCH);
        rowGrowth.push(rows(space.sql, runId));
        byteGrowth.push(tableBytes(space.sql, runId));
        await scheduler.wait(1);
      }
      const times = batchMs;
      const dbGrowth = space.storage.sql.databaseSize - dbBefore;
      const rebuild: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const start = performance.now();
        filesAt(deps, runId, `cp_${String(CHECKPOINTS + 1).padStart(6, "0")}`);
        rebuild.push(performance.now() - start);
      }
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      console.log(
        `checkpoints: ${String(size).padStart(4)} files  checkpoint ${median(times).toFixed(3)} ms median of ${times.length} batches of ${BATCH} ` +
          `  checkpoint rows/checkpoint ${((rowGrowth.at(-1)! - rowsBefore) / CHECKPOINTS).toFixed(2)}` +
          `  checkpoint-table bytes/checkpoint ${((byteGrowth.at(-1)! - bytesBefore) / CHECKPOINTS).toFixed(0)}` +
          `  db growth ${(dbGrowth / CHECKPOINTS).toFixed(0)} B/checkpoint incl. the changed file's blob` +
          `  (rebuild of the latest map ${median(rebuild).toFixed(2)} ms)`,
      );
    }
  });
});
