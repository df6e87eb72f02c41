/** Vitest config for bench/checkpoints.mjs: one pool test in workerd (not part of `npm test`). */
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
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
        },
      },
    }),
  ],
  test: { name: "bench-checkpoints", include: ["bench/checkpoints.pool.ts"], testTimeout: 300_000 },
});
