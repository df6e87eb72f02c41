/**
 * Test projects:
 * - unit: plain Node, pure code (tests/unit/**).
 * - workers: workerd through @cloudflare/vitest-plugin (tests/integration/**), with the
 *   loopback peers (MCP servers, scripted model server) started by tests/peers/global-setup.ts.
 * - e2e: Node, drives a real `wrangler dev` (tests/e2e/**).
 * - browser: Node + playwright-core + Debian Chromium against `wrangler dev` (tests/browser/**).
 * - faults: Node, kills and restarts a real `wrangler dev` mid-run (tests/faults/**); run on its
 *   own with `npm run test:faults` (not part of `npm test`: it takes about 15 minutes).
 */
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export const TEST_SETUP_TOKEN = "test-setup-token-0123456789abcdef";
export const TEST_DATA_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

/**
 * `expect.poll` waits for a condition; vitest's default gives up after 1 s, which a page loading a
 * list on the loaded 2-core machine can exceed (a Chats list took longer and failed "0 to be 20").
 * The suites that drive wrangler dev and Chromium wait up to 15 s; a passing poll returns at once.
 */
const SLOW_PEER_EXPECT = { poll: { timeout: 15_000, interval: 50 } };

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ENVIRONMENT: "development",
                SETUP_TOKEN: TEST_SETUP_TOKEN,
                DATA_KEY: TEST_DATA_KEY,
                TIMEOUT_OVERRIDES: JSON.stringify({
                  mcpCallMs: 1500,
                  mcpCallMaxMs: 6000,
                  mcpConnectMs: 3000,
                  mcpListMs: 3000,
                  mcpLifecycleMs: 5000,
                  modelCallMs: 3000,
                }),
              },
            },
          }),
        ],
        test: {
          name: "workers",
          include: ["tests/integration/**/*.test.ts"],
          // One workerd (Miniflare) and one module graph for all files instead of one per file: per-file
          // start-up and re-import were ~80% of the project's time (docs/decisions/3201). Files share
          // Durable Object storage; every test works in users it creates itself.
          isolate: false,
          globalSetup: ["./tests/peers/global-setup.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          expect: SLOW_PEER_EXPECT,
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Not part of `npm test` (≈ 15 min): `npm run test:faults` (tests/faults/README in the file).
        test: {
          name: "faults",
          expect: SLOW_PEER_EXPECT,
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          testTimeout: 60 * 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "browser",
          expect: SLOW_PEER_EXPECT,
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
