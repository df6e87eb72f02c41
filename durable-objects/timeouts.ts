/**
 * Development-only timeout overrides (`TIMEOUT_OVERRIDES` JSON of positive ms numbers, e.g.
 * `{"mcpCallMs":300}`). Refused (ignored, with one log line) when ENVIRONMENT is "deployed".
 */
import { isDevelopment, type AppEnv } from "../src/env";

export function parseTimeoutOverrides(env: Pick<AppEnv, "ENVIRONMENT" | "TIMEOUT_OVERRIDES">): Record<string, number> {
  if (!env.TIMEOUT_OVERRIDES) return {};
  if (!isDevelopment(env)) {
    console.warn(
      JSON.stringify({
        level: "warn",
        code: "config.timeout_overrides_refused",
        message: "TIMEOUT_OVERRIDES is ignored when deployed.",
      }),
    );
    return {};
  }
  try {
    const parsed = JSON.parse(env.TIMEOUT_OVERRIDES) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0),
    );
  } catch {
    return {};
  }
}
