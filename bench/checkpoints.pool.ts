/**
 * Benchmark body for bench/checkpoints.mjs (runs in workerd through the pool; prints, never asserts).
 * For a 10-file and a 1,000-file run workspace: change one file, then createCheckpoint, in batches
 * of BATCH (the clock ticks in whole ms) interleaved between the two workspaces; prints the ratio
 * 1,000-file ÷ 10-file with median, min and max, and what the checkpoint tables grew by (rows,
 * bytes, SQLite database size). The ratio should be about 1 because a checkpoint stores only the
 * delta (full maps are amortized, ADR 1201).
 */
import { env, runInDurableObject } from "cloudflare:test";
import { it } from "vitest";
import type { UserSpace } from "../durable-objects/user-space";
import { createCheckpoint, filesAt } from "../src/application/workspace/checkpoints";
import { createRunWorkspace } from "../src/application/workspace/run-workspace";
import { runWorkspaceTool } from "../src/application/workspace/tools/dispatch";
import { workspaceDeps } from "../src/composition/workspace";
import { createUser } from "../tests/integration/helpers";
import { interleave, ratioLine } from "./lib/stats.mjs";

const CHECKPOINTS = 400;
/** Checkpoints per timed sample (the local clock ticks in whole ms: time batches, never single calls). */
const BATCH = 100;
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
    const sizes = [10, 1000] as const;
    const runs = new Map<number, { runId: string; versions: { sha256: string; bytes: number }[]; step: number }>();
    for (const size of sizes) {
      const runId = `run_${String(size).padStart(32, "0")}`;
      createRunWorkspace(deps, { runId, workspaceId: "chat_bench000000000000", stableChatId: "bench", chatRef: {} });
      for (let i = 0; i < size; i += 1) {
        await runWorkspaceTool(deps, { runId }, "workspace.write_file", {
          path: `scratch/notes/n${String(i).padStart(4, "0")}.md`,
          content: `${i} ${FILE_BODY}`,
        });
      }
      createCheckpoint(deps, runId, { reason: "tool_workspace_write", eventSeq: 1 });
      // The changed file's versions are stored first, so a timed checkpoint is only "mark 1 file changed + checkpoint".
      const versions: { sha256: string; bytes: number }[] = [];
      for (let step = 0; step < CHECKPOINTS; step += 1)
        versions.push(await deps.blobs.put(`draft ${step} of the ${size}-file run ${FILE_BODY}`));
      runs.set(size, { runId, versions, step: 0 });
    }
    const before = new Map(
      sizes.map((size) => [
        size,
        { rows: rows(space.sql, runs.get(size)!.runId), bytes: tableBytes(space.sql, runs.get(size)!.runId) },
      ]),
    );
    const dbBefore = space.storage.sql.databaseSize;
    /** BATCH checkpoints of one workspace; ms per checkpoint (the local clock ticks in whole ms). */
    const batch = (size: number) => async () => {
      const run = runs.get(size)!;
      await scheduler.wait(1); // end the previous turn, so each batch starts on a fresh clock reading
      const start = performance.now();
      for (let i = 0; i < BATCH; i += 1) {
        const version = run.versions[run.step]!;
        deps.files.putFile(
          run.runId,
          { path: "output/main.md", sha256: version.sha256, bytes: version.bytes },
          Date.now(),
        );
        createCheckpoint(deps, run.runId, { reason: "tool_workspace_write", eventSeq: run.step + 2 });
        run.step += 1;
      }
      await scheduler.wait(0); // the clock advances on I/O; read it after the work
      return (performance.now() - start) / BATCH;
    };
    const results = await interleave(
      sizes.map((size) => ({ name: String(size), run: batch(size) })),
      { samples: CHECKPOINTS / BATCH - 1, warmup: 1 },
    );
    const dbGrowth = space.storage.sql.databaseSize - dbBefore;
    for (const line of ratioLine(
      `single-file checkpoint in a 1,000-file vs a 10-file workspace (${BATCH} checkpoints per sample)`,
      { label: "1,000-file workspace, ms per checkpoint", values: results["1000"]! },
      { label: "baseline: 10-file workspace, ms per checkpoint", values: results["10"]! },
      "≈ 1 (a checkpoint stores only the delta, ADR 1201)",
      { digits: 3 },
    ).split("\n"))
      console.log(`checkpoints: ${line}`);
    for (const size of sizes) {
      const run = runs.get(size)!;
      const rebuild: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        await scheduler.wait(1);
        const start = performance.now();
        for (let k = 0; k < 20; k += 1) filesAt(deps, run.runId, `cp_${String(CHECKPOINTS + 1).padStart(6, "0")}`);
        await scheduler.wait(0);
        rebuild.push((performance.now() - start) / 20);
      }
      console.log(
        `checkpoints: ${String(size).padStart(4)} files  rows/checkpoint ${((rows(space.sql, run.runId) - before.get(size)!.rows) / run.step).toFixed(2)}` +
          `  checkpoint-table bytes/checkpoint ${((tableBytes(space.sql, run.runId) - before.get(size)!.bytes) / run.step).toFixed(0)}` +
          `  (rebuild of the latest map: median ${median(rebuild).toFixed(2)} ms)`,
      );
    }
    console.log(
      `checkpoints: db growth ${(dbGrowth / (2 * CHECKPOINTS)).toFixed(0)} B/checkpoint incl. the changed file's blob`,
    );
  });
});
