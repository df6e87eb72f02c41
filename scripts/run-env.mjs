#!/usr/bin/env node
// Runs a node_modules/.bin command with the environment every wrangler/vitest call needs:
// no metrics, no Request.cf fetch, wrangler's config and logs inside the repo.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
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
