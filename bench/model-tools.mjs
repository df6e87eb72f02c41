#!/usr/bin/env node
/**
 * Benchmark rows 1–2 of issue 31 ("what the model sees" and agent-turn tool preparation), run in
 * workerd by bench/model-tools.pool.ts through @cloudflare/vitest-plugin, with the baseline MCP server
 * (32 endpoints × 512 tools, bench/lib/tools-server.mjs) in this process. Prints ratios with
 * medians, min and max; never asserts timings. A few minutes on 2 shared cores.
 */
import { runPoolBench } from "./_pool-runner.mjs";
import { startToolsServer } from "./lib/tools-server.mjs";

const tools = await startToolsServer({ tools: 512 });
runPoolBench("model-tools", { BENCH_MCP_URL: tools.url }).finally(() => tools.close());
