#!/usr/bin/env node
/**
 * Benchmark [tool-system] (issue 6): cached-only model-tool resolution of 32 servers × 512 tools,
 * from warm memory and from SQLite, plus compiling the default-writer snapshot. Runs
 * bench/tool-resolution.pool.ts inside workerd (vitest-pool-workers) and prints its median lines
 * (ms total and ms per 1,000 tools). Bounded: about a minute on 2 shared cores. Never asserts timings.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnv } from "../scripts/run-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const child = spawn(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--config", "bench/tool-resolution.vitest.config.ts", "--reporter=dot"], {
  cwd: root,
  env: toolEnv(),
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
const strip = (text) => text.replace(/\x1b\[[0-9;]*m/g, "");
child.stdout.on("data", (chunk) => { output += chunk; });
child.stderr.on("data", (chunk) => { output += chunk; });
child.on("exit", (code) => {
  const lines = strip(output).split("\n").filter((line) => line.includes("tool-resolution:"));
  if (code !== 0 || lines.length === 0) {
    console.error(strip(output).slice(-4000));
    console.error(`tool-resolution benchmark failed (exit ${code})`);
    process.exit(1);
  }
  for (const line of lines) console.log(line.slice(line.indexOf("tool-resolution:")));
});
