#!/usr/bin/env node
/**
 * Benchmark row 3 of issue 31: the agent runtime's wall time per round against a real
 * `wrangler dev` on 127.0.0.1, with a zero-latency scripted OpenAI-compatible model (an in-process
 * HTTP server answering the next scripted step at once) and builtin tools only (list files, search
 * the chat, write a note, read two messages). A round is timed on this process's clock as the time
 * between two model requests reaching the model server (bench/lib/agent-bench.mjs `roundTimes`):
 * everything the runtime does per round, nothing subtracted.
 *
 * Baseline in the same run, interleaved: the AI SDK's `generateText` multi-step loop against the
 * same model server over HTTP with the same tool names doing the same work in memory (no
 * persistence, no journal). A second baseline, the platform's floor: a bare Worker + Durable Object
 * (bench/baseline/worker.ts `POST /agent-floor`) running the same rounds inside the object with a
 * streamed call, a minimal SSE read, the tool answered in memory and one SQLite row per round; it
 * shows how much of the ratio the platform itself takes. Each sample is the mean round of one run
 * (rounds 2..ROUNDS−1). Runs of
 * TavernEdge alternate between a fresh journal and one with 1,000 prior events (appended through
 * the development route while the run waits out a scripted 429 retry). While rounds run the harness
 * sends the Worker nothing: it waits on its own model server, then reads the run's end. Prints
 * the ratios with median, min and max; never asserts timings.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, stepCountIs, tool } from "ai";
import { z } from "zod";
import { startWranglerDev } from "../scripts/dev-server.mjs";
import { allEvents, call, roundSteps, roundTimes, startAgentBench, startBenchRun } from "./lib/agent-bench.mjs";
import { interleave, ratioLine, summary } from "./lib/stats.mjs";

const ROUNDS = 40;
const FIRST = 2;
const PREVIOUS_EVENTS = 1000;
const SAMPLES = 9;
/**
 * Runs of every subject before samples are kept: V8 (in workerd as in Node) optimizes a loop's code
 * only after it ran a few hundred times, so each subject runs about 150 rounds first (a long-lived
 * object's steady state; the first sample of a cold object was up to twice as slow).
 */
const WARMUP_RUNS = 4;
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

let runNumber = 0;

/** One TavernEdge run of ROUNDS builtin rounds; resolves the mean round ms. */
async function edgeRun(ctx, withBacklog) {
  runNumber += 1;
  const tag = `${withBacklog ? "backlog" : "zero"}${runNumber}`;
  const steps = [...(withBacklog ? [{ status: 429 }] : []), ...roundSteps(tag, ROUNDS)];
  const handle = await startBenchRun(ctx, tag, steps);
  if (withBacklog) {
    for (;;) {
      const events = await allEvents(ctx.base, ctx.token, handle.runId);
      if (events.some((e) => e.type === "model_call_retry_scheduled")) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await call(ctx.base, `/api/v1/agent/dev/runs/${handle.runId}/events`, ctx.token, { count: PREVIOUS_EVENTS });
  }
  const deadline = Date.now() + 180_000;
  // Wait on this process's model server (no requests to the Worker while rounds run: polling the
  // run would put the harness's own work into the rounds), then read the run's end once.
  const offsetRequests = withBacklog ? 1 : 0;
  while ((ctx.model.requestTimes.get(handle.modelId)?.length ?? 0) < ROUNDS + 3 + offsetRequests) {
    if (Date.now() > deadline) throw new Error("bench run did not reach its last model call in 3 minutes");
    await new Promise((r) => setTimeout(r, 20));
  }
  for (;;) {
    const run = await call(ctx.base, `/api/v1/agent/runs/${handle.runId}`, ctx.token);
    if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) {
      if (run.status !== "completed") throw new Error(`bench run ended ${run.status}`);
      break;
    }
    if (Date.now() > deadline) throw new Error("bench run did not finish in 3 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  const offset = withBacklog ? 1 : 0; // the 429 answer is request 0
  return mean(roundTimes(ctx.model, handle.modelId, FIRST + offset, ROUNDS + offset));
}

/** The same rounds through the AI SDK's generateText loop; resolves the mean round ms. */
async function sdkRun(ctx) {
  runNumber += 1;
  const tag = `sdk${runNumber}`;
  const modelId = `bench-${tag}`;
  ctx.model.scripts.set(modelId, { steps: roundSteps(tag, ROUNDS), cursor: 0 });
  const provider = createOpenAICompatible({ name: "bench", baseURL: `${ctx.model.url}/v1`, apiKey: "sk-bench" });
  const files = new Map();
  const chat = ["A dragon wakes.", "It looks around.", "Tell me more about the dragon."];
  const text = (value) => ({ content: JSON.stringify(value) });
  const result = await generateText({
    model: provider(modelId),
    messages: [{ role: "user", content: "Write." }],
    stopWhen: stepCountIs(ROUNDS + 5),
    tools: {
      workspace_list_files: tool({
        inputSchema: z.object({}),
        execute: async () => text([...files.keys()].sort()),
      }),
      chat_search: tool({
        inputSchema: z.object({ query: z.string() }),
        execute: async ({ query }) => text(chat.flatMap((t, index) => (t.includes(query) ? [{ index, text: t }] : []))),
      }),
      workspace_write_file: tool({
        inputSchema: z.object({ path: z.string(), content: z.string() }),
        execute: async ({ path, content }) => {
          files.set(path, content);
          return text({ path, bytes: content.length });
        },
      }),
      chat_read_messages: tool({
        inputSchema: z.object({ messages: z.array(z.object({ index: z.number() })) }),
        execute: async ({ messages }) => text(messages.map(({ index }) => ({ index, text: chat[index] }))),
      }),
      workspace_commit: tool({ inputSchema: z.object({}), execute: async () => text({ committed: true }) }),
      workspace_finish: tool({ inputSchema: z.object({}), execute: async () => text({ finished: true }) }),
    },
  });
  if (result.steps.length < ROUNDS + 3) throw new Error(`the AI SDK loop took ${result.steps.length} steps`);
  return mean(roundTimes(ctx.model, modelId, FIRST, ROUNDS));
}

/** The same rounds inside a bare Durable Object (the platform's floor); resolves the mean round ms. */
async function floorRun(ctx, bare) {
  runNumber += 1;
  const modelId = `bench-floor${runNumber}`;
  ctx.model.scripts.set(modelId, { steps: roundSteps(`floor${runNumber}`, ROUNDS), cursor: 0 });
  const response = await fetch(`${bare.url}/agent-floor`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ baseUrl: `${ctx.model.url}/v1`, modelId }),
  });
  const { rounds } = await response.json();
  if (rounds < ROUNDS) throw new Error(`the floor loop took ${rounds} rounds`);
  return mean(roundTimes(ctx.model, modelId, FIRST, ROUNDS));
}

const ctx = await startAgentBench("agent-round", 14);
const bare = await startWranglerDev({ config: "bench/baseline/wrangler.toml" });
try {
  const runs = await interleave(
    [
      { name: "zero", run: () => edgeRun(ctx, false) },
      { name: "sdk", run: () => sdkRun(ctx) },
      { name: "floor", run: () => floorRun(ctx, bare) },
      { name: "backlog", run: () => edgeRun(ctx, true) },
    ],
    { samples: SAMPLES, warmup: WARMUP_RUNS },
  );
  const sdk = {
    label: "baseline: AI SDK generateText loop, same model over HTTP, same tools in memory",
    values: runs.sdk,
  };
  const label = `agent runtime per round (${ROUNDS - FIRST} rounds per sample, builtin tools, zero-latency model)`;
  console.log(ratioLine(label, { label: "TavernEdge, fresh journal", values: runs.zero }, sdk, "≤ 2"));
  console.log(
    ratioLine(
      `${label}, ${PREVIOUS_EVENTS} prior journal events`,
      { label: `TavernEdge, ${PREVIOUS_EVENTS} prior events`, values: runs.backlog },
      sdk,
      "≤ 2",
    ),
  );
  const floor = {
    label: "platform floor: the same rounds in a bare Worker + Durable Object, one SQLite row a round",
    values: runs.floor,
  };
  console.log(
    ratioLine(
      `${label}, against the platform's floor`,
      { label: "TavernEdge, fresh journal", values: runs.zero },
      floor,
      "(the floor: 1.00)",
    ),
  );
  console.log(ratioLine("the platform's floor against the AI SDK loop", floor, sdk, "(what the platform alone takes)"));
  console.log(
    ratioLine(
      `growth with ${PREVIOUS_EVENTS} prior events (TavernEdge with ÷ without)`,
      { label: `TavernEdge, ${PREVIOUS_EVENTS} prior events`, values: runs.backlog },
      { label: "TavernEdge, fresh journal", values: runs.zero },
      "≈ 1 (no growth)",
    ),
  );
  await printWriteCosts(bare);
} finally {
  await bare.stop({ removeState: true });
  await ctx.stop();
}

/**
 * Where the rest of a round goes: what SQLite writes cost in the bare object, per JavaScript turn
 * (a turn that writes ends in a commit) and per statement. Means over TURNS turns, median of
 * interleaved samples (docs/decisions/3600).
 */
async function printWriteCosts(bare) {
  const TURNS = 400;
  const perTurn = async (writes, rowsPerStatement = 1) => {
    const started = performance.now();
    const response = await fetch(`${bare.url}/write-turns`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ writes, turns: TURNS, rowsPerStatement }),
    });
    await response.json();
    return ((performance.now() - started) * 1000) / TURNS;
  };
  const costs = await interleave(
    [
      ...[0, 1, 8].map((writes) => ({ name: String(writes), run: () => perTurn(writes) })),
      { name: "8x1", run: () => perTurn(8, 8) },
    ],
    { samples: 7, warmup: 1 },
  );
  const line = (writes) => {
    const s = summary(costs[writes]);
    return `${s.median.toFixed(0)} µs (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;
  };
  console.log(
    `the platform's SQLite writes, per turn of the bare object (${TURNS} turns a sample): no write ${line("0")}; one insert (and its commit) ${line("1")}; eight inserts ${line("8")}; one insert of eight rows ${line("8x1")}`,
  );
}
