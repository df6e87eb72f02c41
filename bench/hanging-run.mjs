#!/usr/bin/env node
/**
 * Benchmark [run-scheduler]: the delay a hanging run adds to another run's steps, against a real
 * `wrangler dev` on 127.0.0.1 (docs/decisions/1800; goal: < 0.5 s).
 *
 * Run B (12 rounds of builtin tools with a zero-latency scripted model, then write, commit,
 * finish) is measured alone (baseline) and while run A of the same user waits on a model request
 * that never answers, three times each, interleaved. Per B: the wall time per round (between two
 * model requests reaching the model server, nothing subtracted; bench/lib/agent-bench.mjs) and
 * the time from B's run_created to its first model request reaching the model server. Prints the
 * median with min and max of each, and the added delay (with-hang median − baseline median) with
 * its ratio to the baseline. Never asserts timings.
 */
import { allEvents, call, roundSteps, roundTimes, startAgentBench, startBenchRun } from "./lib/agent-bench.mjs";

const ROUNDS = 12;
const REPEATS = 3;

async function waitFor(ctx, runId, done, ms = 180_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const run = await call(ctx.base, `/api/v1/agent/runs/${runId}`, ctx.token);
    if (done(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const TERMINAL = ["completed", "failed", "partial_success", "cancelled"];

/** Runs B to the end; returns its per-round overheads and the ms to its first model request. */
async function measureB(ctx, tag) {
  const b = await startBenchRun(ctx, tag, roundSteps(tag, ROUNDS, 3));
  const run = await waitFor(ctx, b.runId, (r) => TERMINAL.includes(r.status));
  if (run.status !== "completed") throw new Error(`bench run ${tag} ended ${run.status}`);
  const events = await allEvents(ctx.base, ctx.token, b.runId);
  const overheads = roundTimes(ctx.model, b.modelId, 1, ROUNDS);
  const created = Date.parse(events.find((e) => e.type === "run_created").timestamp);
  return { overheads, firstRequestMs: ctx.model.firstRequestAt.get(b.modelId) - created };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const line = (values) =>
  `median ${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`;

const ctx = await startAgentBench("hanging-run", 8);
try {
  await measureB(ctx, "warm");
  const alone = { overheads: [], first: [] };
  const hung = { overheads: [], first: [] };
  for (let i = 0; i < REPEATS; i += 1) {
    const base = await measureB(ctx, `alone-${i}`);
    alone.overheads.push(median(base.overheads));
    alone.first.push(base.firstRequestMs);
    const a = await startBenchRun(ctx, `hang-${i}`, [{ hang: true }]);
    await waitFor(ctx, a.runId, (r) => r.waitingOn?.kind === "model", 60_000);
    const withHang = await measureB(ctx, `with-hang-${i}`);
    const stillA = await call(ctx.base, `/api/v1/agent/runs/${a.runId}`, ctx.token);
    if (stillA.waitingOn?.kind !== "model") throw new Error(`run A stopped waiting (${stillA.status})`);
    hung.overheads.push(median(withHang.overheads));
    hung.first.push(withHang.firstRequestMs);
    await call(ctx.base, `/api/v1/agent/runs/${a.runId}/cancel`, ctx.token, {});
    await waitFor(ctx, a.runId, (r) => TERMINAL.includes(r.status), 60_000);
  }
  const added = median(hung.overheads) - median(alone.overheads);
  console.log(
    `hanging run: wall time per round of run B (ms, nothing subtracted; ${ROUNDS - 1} rounds, medians of ${REPEATS} runs):`,
  );
  console.log(`  B alone (baseline):          ${line(alone.overheads)}`);
  console.log(`  B while A's model hangs:     ${line(hung.overheads)}`);
  console.log(
    `  delay added per step by A:   ${added.toFixed(1)} ms (ratio ${(median(hung.overheads) / Math.max(1, median(alone.overheads))).toFixed(2)}× baseline; goal < 500 ms)`,
  );
  console.log(`  B created → first model request, alone:      ${line(alone.first)}`);
  console.log(`  B created → first model request, A hanging:  ${line(hung.first)}`);
} finally {
  await ctx.stop();
}
