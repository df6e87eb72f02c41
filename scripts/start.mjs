#!/usr/bin/env node
/**
 * `npm start`: runs TavernEdge locally.
 * 1. On first run writes `.dev.vars` (git-ignored) with a random SETUP_TOKEN and DATA_KEY.
 * 2. Builds the web client into web/dist.
 * 3. Runs `wrangler dev` on 127.0.0.1:$PORT (default 8787) with embedded Durable Object storage
 *    under .wrangler/state, and prints the first-run link once /api/v1/health answers.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnv } from "./run-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const devVars = path.join(root, ".dev.vars");
const port = Number(process.env.PORT ?? 8787);

function readVars() {
  const vars = {};
  for (const line of readFileSync(devVars, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
    if (match) vars[match[1]] = match[2];
  }
  return vars;
}

if (!existsSync(devVars)) {
  const setupToken = randomBytes(24).toString("base64url");
  const dataKey = randomBytes(32).toString("base64");
  writeFileSync(
    devVars,
    `# Written by npm start on first run. Keep DATA_KEY: without it stored secrets cannot be read.\nENVIRONMENT="development"\nSETUP_TOKEN="${setupToken}"\nDATA_KEY="${dataKey}"\n`,
    { mode: 0o600 },
  );
  console.log("Created .dev.vars with a new SETUP_TOKEN and DATA_KEY (back up DATA_KEY).");
}
const vars = readVars();

console.log("Building the web client…");
const build = spawnSync(
  process.execPath,
  [
    path.join(root, "node_modules", "vite", "bin", "vite.js"),
    "build",
    "--config",
    "web/vite.config.ts",
    "--logLevel",
    "warn",
  ],
  { cwd: root, stdio: "inherit" },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const wrangler = spawn(
  process.execPath,
  [
    path.join(root, "node_modules", "wrangler", "bin", "wrangler.js"),
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
  ],
  {
    cwd: root,
    env: toolEnv(),
    stdio: "inherit",
  },
);
wrangler.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => wrangler.kill(signal));

const deadline = Date.now() + 90_000;
(async function waitForHealth() {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.ok) {
        console.log(`\nTavernEdge is running: http://127.0.0.1:${port}/#setup=${vars.SETUP_TOKEN}\n`);
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error("TavernEdge did not answer /api/v1/health within 90 s; see wrangler's output above.");
})();
