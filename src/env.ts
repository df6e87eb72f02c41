/**
 * The Worker / Durable Object environment: bindings from wrangler.toml (generated `Env`) plus the
 * secrets and development-only variables that `wrangler types` cannot see.
 */
export interface AppEnv extends Omit<Env, "ENVIRONMENT"> {
  /** "deployed" in production (wrangler.toml); "development" under `npm start` and in tests. */
  ENVIRONMENT: string;
  /** Worker secret: lets an operator create users and recover access (docs/spec/hosted.md §2). */
  SETUP_TOKEN?: string;
  /** Worker secret: 32 bytes, base64; the root key for secrets at rest (docs/spec/hosted.md §4). */
  DATA_KEY?: string;
  /**
   * Development/test-only timeout override (JSON, e.g. `{"mcpCallMs":500}`); refused when
   * ENVIRONMENT is "deployed".
   */
  TIMEOUT_OVERRIDES?: string;
}

/** True when running under `wrangler dev` or tests (ENVIRONMENT !== "deployed"). */
export function isDevelopment(env: Pick<AppEnv, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT !== "deployed";
}
