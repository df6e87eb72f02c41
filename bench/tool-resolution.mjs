#!/usr/bin/env node
/**
 * Benchmark [tool-system] (issue 6): cached-only model-tool resolution of 32 servers × 512 tools,
 * from warm memory and from SQLite, plus compiling the default-writer snapshot. Runs
 * bench/tool-resolution.pool.ts inside workerd (vitest-pool-workers) and prints its median lines
 * (ms total and ms per 1,000 tools). Bounded: about a minute on 2 shared cores. Never asserts timings.
 */
import { runPoolBench } from "./_pool-runner.mjs";

runPoolBench("tool-resolution");
