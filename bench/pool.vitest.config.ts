/**
 * Vitest config for the benchmarks that run inside workerd (bench/*.pool.ts; not part of
 * `npm test`). bench/_pool-runner.mjs runs one file with it and prints its figures.
 */
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          ENVIRONMENT: "development",
          SETUP_TOKEN: "test-setup-token-0123456789abcdef",
          DATA_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
          // Loopback peers a benchmark's Node side started (bench/_pool-runner.mjs passes them).
          ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("BENCH_"))),
        },
      },
    }),
  ],
  test: { name: "bench-pool", include: ["bench/*.pool.ts"], testTimeout: 300_000 },
});
