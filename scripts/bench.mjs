#!/usr/bin/env node
/** `npm run bench`: runs every benchmark under bench/ in turn (each prints its own medians). */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnv } from "./run-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv.slice(2);
const scripts = readdirSync(path.join(root, "bench"))
  .filter((name) => name.endsWith(".mjs") && !name.startsWith("_"))
  .sort();
let failures = 0;
for (const name of scripts) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  console.log(`\n=== bench/${name}`);
  const result = spawnSync(process.execPath, [path.join(root, "bench", name)], {
    cwd: root,
    stdio: "inherit",
    env: toolEnv(),
  });
  if (result.status !== 0) failures += 1;
}
process.exit(failures === 0 ? 0 : 1);
