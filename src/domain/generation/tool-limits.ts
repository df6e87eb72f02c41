/**
 * How many tools a provider accepts in one request (docs/spec/generation.md "Tools"). When more
 * MCP tools are permitted than that, a chat generation fails before sending with
 * `model.too_many_tools` naming both numbers; tools are never cut silently.
 */
import { AppError } from "../errors";
import type { ModelProvider } from "../models/connection";

/** OpenAI's documented maximum of `tools` per request. */
export const OPENAI_MAX_TOOLS = 128;

/** The provider's tool limit, or null when the provider documents none. */
export function providerToolLimit(provider: ModelProvider): number | null {
  switch (provider) {
    case "openai":
    case "openai-responses":
    case "openai-compatible":
      return OPENAI_MAX_TOOLS;
    default:
      return null;
  }
}

/** `model.too_many_tools` (400). */
export function tooManyTools(toolCount: number, limit: number, provider: ModelProvider): AppError {
  return new AppError(
    "model.too_many_tools",
    `${toolCount} MCP tools are allowed for the model, but this ${provider} connection accepts at most ${limit} in one request. Set some tools to Off in the MCP Manager, or pause a server.`,
    { toolCount, limit, provider },
  );
}
