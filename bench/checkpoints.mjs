#!/usr/bin/env node
/**
 * Benchmark [agent-workspace] (issue 12): checkpoint time and storage growth when 1 file changes in
 * a 1,000-file workspace compared with a 10-file workspace. Runs bench/checkpoints.pool.ts inside
 * workerd (vitest-plugin) and prints its median lines. Never asserts timings.
 */
import { runPoolBench } from "./_pool-runner.mjs";

runPoolBench("checkpoints");
