/**
 * Runs one workerd benchmark (`bench/<name>.pool.ts`) through vitest-plugin and prints the
 * lines it logs that start with `<name>:` (its medians). Exits non-zero when the run fails or
 * prints nothing. Never asserts timings.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnv } from "../scripts/run-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const strip = (text) => text.replace(/\x1b\[[0-9;]*m/g, "");

/**
 * Runs bench/<name>.pool.ts and prints its `<name>:` lines; `env` is added to the process
 * environment (bench/pool.vitest.config.ts turns `BENCH_*` variables into bindings). Resolves
 * when it is done (the process exits 1 on failure).
 */
export function runPoolBench(name, env = {}) {
  const child = spawn(
    path.join(root, "node_modules", ".bin", "vitest"),
    ["run", "--config", "bench/pool.vitest.config.ts", "--reporter=dot", `bench/${name}.pool.ts`],
    {
      cwd: root,
      env: { ...toolEnv(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      const marker = `${name}:`;
      const lines = strip(output)
        .split("\n")
        .filter((line) => line.includes(marker));
      if (code !== 0 || lines.length === 0) {
        console.error(strip(output).slice(-4000));
        console.error(`${name} benchmark failed (exit ${code})`);
        process.exit(1);
      }
      for (const line of lines) console.log(line.slice(line.indexOf(marker)));
      resolve();
    }),
  );
}
