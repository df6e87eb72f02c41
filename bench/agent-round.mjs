#!/usr/bin/env node
/**
 * Benchmark [agent-loop] (issue 14): runtime overhead per agent round against a real `wrangler dev`
 * on 127.0.0.1, with a zero-latency scripted OpenAI-compatible model (an in-process HTTP server
 * that answers the next scripted step at once) and builtin tools only.
 *
 * A round = one model step + its tool steps, each in its own alarm invocation. Overhead of round r
 * = (model_request_created of round r+1 − model_request_created of round r) − model time of round r
 * (model_response_stored − model_call_attempt_started), from the run's journal timestamps (ms).
 * Measured for a run whose journal starts empty, and for one with 1,000 previous journal events
 * (appended through the development route while the run waits out a scripted 429 retry).
 * Prints the median and p90 ms per round excluding model time; never asserts timings.
 */
import { allEvents, call, roundOverheads, roundSteps, startAgentBench, startBenchRun } from "./lib/agent-bench.mjs";

const ROUNDS = 24;
const PREVIOUS_EVENTS = 1000;

async function runOnce(ctx, tag, withBacklog) {
  const { base, token } = ctx;
  const handle = await startBenchRun(ctx, tag, [...(withBacklog ? [{ status: 429 }] : []), ...roundSteps(tag, ROUNDS)]);
  if (withBacklog) {
    for (;;) {
      const events = await allEvents(base, token, handle.runId);
      if (events.some((e) => e.type === "model_call_retry_scheduled")) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await call(base, `/api/v1/agent/dev/runs/${handle.runId}/events`, token, { count: PREVIOUS_EVENTS });
  }
  const deadline = Date.now() + 180_000;
  for (;;) {
    const run = await call(base, `/api/v1/agent/runs/${handle.runId}`, token);
    if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) {
      if (run.status !== "completed") throw new Error(`bench run ended ${run.status}`);
      break;
    }
    if (Date.now() > deadline) throw new Error("bench run did not finish in 3 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  const events = await allEvents(base, token, handle.runId);
  return { overheads: roundOverheads(events, 2, ROUNDS), events: events.length };
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
};

const ctx = await startAgentBench("agent-round", 6);
try {
  await runOnce(ctx, "warm", false);
  const cold = await runOnce(ctx, "zero", false);
  const backlog = await runOnce(ctx, "backlog", true);
  console.log(
    `agent round overhead (ms per round, model time excluded; ${ROUNDS - 2} rounds, builtin tools, zero-latency model):`,
  );
  console.log(
    `  0 previous events:     median ${pct(cold.overheads, 0.5)} ms, p90 ${pct(cold.overheads, 0.9)} ms (${cold.events} events in the run)`,
  );
  console.log(
    `  ${PREVIOUS_EVENTS} previous events: median ${pct(backlog.overheads, 0.5)} ms, p90 ${pct(backlog.overheads, 0.9)} ms (${backlog.events} events in the run)`,
  );
} finally {
  await ctx.stop();
}
