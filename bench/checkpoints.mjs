#!/usr/bin/env node
/**
 * Benchmark [agent-workspace] (issue 12): checkpoint time and storage growth when 1 file changes in
 * a 1,000-file workspace compared with a 10-file workspace. Runs bench/checkpoints.pool.ts inside
 * workerd (vitest-pool-workers) and prints its median lines. Never asserts timings.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnv } from "../scripts/run-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const child = spawn(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--config", "bench/checkpoints.vitest.config.ts", "--reporter=dot"], {
  cwd: root,
  env: toolEnv(),
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
const strip = (text) => text.replace(/\x1b\[[0-9;]*m/g, "");
child.stdout.on("data", (chunk) => { output += chunk; });
child.stderr.on("data", (chunk) => { output += chunk; });
child.on("exit", (code) => {
  const lines = strip(output).split("\n").filter((line) => line.includes("checkpoints:"));
  if (code !== 0 || lines.length === 0) {
    console.error(strip(output).slice(-4000));
    console.error(`checkpoints benchmark failed (exit ${code})`);
    process.exit(1);
  }
  for (const line of lines) console.log(line.slice(line.indexOf("checkpoints:")));
});
