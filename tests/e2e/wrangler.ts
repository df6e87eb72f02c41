/**
 * The e2e/browser suites' handle on a real `wrangler dev`: a typed re-export of
 * scripts/dev-server.mjs (one implementation shared with the benchmarks and conformance).
 * Usage: `const dev = await startWranglerDev(); … await dev.stop();`
 */
export {
  ROOT,
  DEV_SETUP_TOKEN as E2E_SETUP_TOKEN,
  DEV_DATA_KEY as E2E_DATA_KEY,
  createDevUser,
  devFetch,
  devRequest,
  ensureWebBuilt,
  freePort,
  startWranglerDev,
  type WranglerDev,
  type WranglerDevOptions,
} from "../../scripts/dev-server.mjs";
