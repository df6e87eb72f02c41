#!/usr/bin/env node
/**
 * `npm run conformance`: MCP client conformance (`@modelcontextprotocol/conformance` 0.2.0-alpha.12) of
 * TavernEdge's gateway, driven through TavernEdge's own HTTP API.
 * 1. Starts `wrangler dev` on a free 127.0.0.1 port with fresh secrets and a temporary state dir.
 * 2. Creates a user through /api/v1/setup.
 * 3. Runs the client scenarios with scripts/conformance-client.mjs as the client (register the
 *    scenario server, activate, discover, set permissions, test-call each tool):
 *    `initialize` and `tools_call` must pass; `sse-retry` and four scenarios new in 0.2 are expected
 *    failures, each with its reason (docs/decisions/0455-mcp-conformance.md,
 *    docs/decisions/3200-mcp-conformance-0-2.md).
 * 4. Stops wrangler (its whole process group) and exits non-zero on any unexpected result.
 * Env: CONFORMANCE_PROTOCOL (registration preference, default `auto`).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startWranglerDev } from "./dev-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCENARIOS = [
  { name: "initialize", expectFailure: false },
  { name: "tools_call", expectFailure: false },
  {
    name: "sse-retry",
    expectFailure: true,
    reason: "SSE reconnection is disabled by contract (docs/spec/mcp-platform.md §12)",
  },
  // New in 0.2 (docs/decisions/3200-mcp-conformance-0-2.md): gaps the gateway knows about.
  {
    name: "json-schema-2020-12-preservation",
    expectFailure: true,
    reason: "$schema, $defs and additionalProperties missing from the inputSchema the client echoes (open question)",
  },
  {
    name: "json-schema-ref-no-deref",
    expectFailure: true,
    reason: "its server reports no serverInfo, so the gateway never lists its tools",
  },
  {
    name: "elicitation-sep1034-client-defaults",
    expectFailure: true,
    reason: "the gateway does not offer elicitation (Method not found)",
  },
  {
    name: "http-custom-headers",
    expectFailure: true,
    reason: "its server reports no serverInfo, so no tools/call reaches it (SEP-2243 headers not built either)",
  },
];

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const resultsDir = mkdtempSync(path.join(tmpdir(), "tavernedge-conformance-results-"));
const setupToken = randomBytes(24).toString("base64url");
let dev;
const summary = [];
let exitCode = 0;
try {
  console.log("Starting wrangler dev…");
  dev = await startWranglerDev({
    vars: { SETUP_TOKEN: setupToken, DATA_KEY: randomBytes(32).toString("base64") },
    readyTimeoutMs: 90_000,
  });
  const base = dev.url;
  const setup = await fetch(`${base}/api/v1/setup`, {
    method: "POST",
    headers: { authorization: `Bearer ${setupToken}`, "content-type": "application/json" },
    body: JSON.stringify({ deviceName: "conformance" }),
  });
  if (setup.status !== 201) throw new Error(`setup failed: ${setup.status} ${await setup.text()}`);
  const { deviceToken } = await setup.json();
  const baseline = path.join(resultsDir, "expected-failures.yml");
  writeFileSync(
    baseline,
    `client:\n${SCENARIOS.filter((s) => s.expectFailure)
      .map((s) => `  - ${s.name}\n`)
      .join("")}`,
  );
  for (const scenario of SCENARIOS) {
    console.log(
      `\n=== conformance client --scenario ${scenario.name}${scenario.expectFailure ? ` (expected failure: ${scenario.reason})` : ""} ===`,
    );
    const client = `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(root, "scripts", "conformance-client.mjs"))}`;
    const code = await run(
      process.execPath,
      [
        path.join(root, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js"),
        "client",
        "--command",
        client,
        "--scenario",
        scenario.name,
        ...(scenario.expectFailure ? ["--expected-failures", baseline] : []),
      ],
      {
        cwd: resultsDir,
        env: {
          ...process.env,
          TAVERNEDGE_URL: base,
          TAVERNEDGE_TOKEN: deviceToken,
          TAVERNEDGE_PROTOCOL: process.env.CONFORMANCE_PROTOCOL ?? "auto",
        },
      },
    );
    summary.push({
      scenario: scenario.name,
      exit: code,
      expected: scenario.expectFailure ? "failure (baseline)" : "pass",
    });
    if (code !== 0) exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  exitCode = 1;
} finally {
  await dev?.stop({ removeState: true });
}
console.log("\nConformance summary (results in " + resultsDir + "):");
for (const row of summary) console.log(`  ${row.scenario.padEnd(36)} exit ${row.exit}  expected ${row.expected}`);
process.exit(exitCode);
