#!/usr/bin/env node
/**
 * `npm test`: builds the web client, then runs every suite in turn (unit → workers → e2e →
 * browser) and prints one summary line `N passed, N failed` (also written to
 * .xdg/test-summary.txt for .ci/run). Browser suites need Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium); without it they skip and a loud line says so.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnv } from "./run-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, ".xdg");
mkdirSync(outDir, { recursive: true });
const env = toolEnv();
const only = process.argv.slice(2);

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
  { cwd: root, stdio: "inherit", env },
);
// Formatter and linter (Biome): any format difference or lint error fails `npm test`.
const check = spawnSync(
  process.execPath,
  [path.join(root, "node_modules", "@biomejs", "biome", "bin", "biome"), "check", "--diagnostic-level=error", "."],
  {
    cwd: root,
    stdio: "inherit",
    env,
  },
);
if (check.status !== 0) console.error("Biome check failed: run `npm run format` and fix the lint errors listed above.");
// Type check of the whole tree (src, durable-objects, web/src, tests): it runs the type-level tests
// of the wire contract (tests/unit/wire-types.test.ts), which vitest does not check.
const types = spawnSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit"], {
  cwd: root,
  stdio: "inherit",
  env,
});
if (types.status !== 0) console.error("The type check (tsc --noEmit) failed.");
let passed = 0;
let failed = (build.status === 0 ? 0 : 1) + (check.status === 0 ? 0 : 1) + (types.status === 0 ? 0 : 1);
let skipped = 0;
if (build.status !== 0) console.error("The web build failed.");

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(chromium);

for (const project of ["unit", "workers", "e2e", "browser"]) {
  if (only.length > 0 && !only.includes(project)) continue;
  const report = path.join(outDir, `vitest-${project}.json`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules", "vitest", "vitest.mjs"),
      "run",
      "--project",
      project,
      "--passWithNoTests",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: "inherit", env },
  );
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests ?? 0;
    const failedTests = json.numFailedTests ?? 0;
    // A suite that failed to load has no failed tests of its own: count it once.
    const brokenSuites = failedTests === 0 ? (json.numFailedTestSuites ?? 0) : 0;
    failed += failedTests + brokenSuites;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    if (result.status !== 0 && failedTests + brokenSuites === 0) failed += 1;
  } catch {
    if (result.status !== 0) failed += 1;
  }
}

if (!hasChromium) {
  console.log(
    `\n!!! BROWSER SUITES DID NOT RUN: no Chromium at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) or set CHROMIUM_PATH. !!!\n`,
  );
}
const summary = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
writeFileSync(path.join(outDir, "test-summary.txt"), `${summary}\n`);
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
