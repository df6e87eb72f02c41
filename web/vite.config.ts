/**
 * Builds the web client (web/src) into web/dist, which the Worker serves as static assets
 * (wrangler.toml [assets]). Run with `npm run build:web`. No inline scripts are emitted, so the
 * Worker's CSP (`script-src 'self'`) holds.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webRoot = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: webRoot,
  base: "/",
  plugins: [react()],
  build: {
    outDir: path.join(webRoot, "dist"),
    emptyOutDir: true,
    // The module-preload polyfill is an inline-free file import, but keep it off: every target browser has it.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: { proxy: { "/api": { target: "http://127.0.0.1:8787", ws: true } } },
});
