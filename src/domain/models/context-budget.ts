/**
 * A connection's context budget (docs/spec/generation.md "Prompt"): `contextTokens` is the model's
 * context window, `maxOutputTokens` the part of it kept for the reply. Both are optional per
 * connection; the prompt builder fills at most `contextTokens − maxOutputTokens` tokens.
 */
import { AppError } from "../errors";
import type { ConnectionDefaults } from "./connection";

/** Context window assumed when a connection sets none (tokens). */
export const DEFAULT_CONTEXT_TOKENS = 16_384;
/** Reply reserve assumed when a connection sets none and its defaults carry no `maxOutputTokens`. */
export const DEFAULT_OUTPUT_RESERVE_TOKENS = 1_024;
/** Bounds of `contextTokens`. */
export const CONTEXT_TOKENS_RANGE = { min: 512, max: 10_000_000 } as const;
/** Bounds of `maxOutputTokens`. */
export const MAX_OUTPUT_TOKENS_RANGE = { min: 1, max: 1_000_000 } as const;

/** The budget the prompt builder works with. `sendMaxOutputTokens` is sent to the provider when set. */
export interface ContextBudget {
  contextTokens: number;
  outputReserveTokens: number;
  /** Prompt tokens available: contextTokens − outputReserveTokens (≥ 0). */
  promptTokens: number;
  sendMaxOutputTokens?: number;
}

/** The effective budget of a connection's settings (nulls → the defaults above). */
export function contextBudget(
  contextTokens: number | null,
  maxOutputTokens: number | null,
  defaults: ConnectionDefaults,
): ContextBudget {
  const context = contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const send = maxOutputTokens ?? defaults.maxOutputTokens;
  const reserve = send ?? DEFAULT_OUTPUT_RESERVE_TOKENS;
  return {
    contextTokens: context,
    outputReserveTokens: reserve,
    promptTokens: Math.max(0, context - reserve),
    ...(send !== undefined ? { sendMaxOutputTokens: send } : {}),
  };
}

/**
 * Checks the pair a connection would store (`input.invalid` with `field`): integers in range, and a
 * reply reserve smaller than the window (else no prompt fits).
 */
export function checkContextSettings(contextTokens: number | null, maxOutputTokens: number | null): void {
  if (contextTokens !== null) {
    if (
      !Number.isInteger(contextTokens) ||
      contextTokens < CONTEXT_TOKENS_RANGE.min ||
      contextTokens > CONTEXT_TOKENS_RANGE.max
    )
      throw new AppError(
        "input.invalid",
        `contextTokens must be a whole number from ${CONTEXT_TOKENS_RANGE.min} to ${CONTEXT_TOKENS_RANGE.max}.`,
        { field: "contextTokens" },
      );
  }
  if (maxOutputTokens !== null) {
    if (
      !Number.isInteger(maxOutputTokens) ||
      maxOutputTokens < MAX_OUTPUT_TOKENS_RANGE.min ||
      maxOutputTokens > MAX_OUTPUT_TOKENS_RANGE.max
    )
      throw new AppError(
        "input.invalid",
        `maxOutputTokens must be a whole number from ${MAX_OUTPUT_TOKENS_RANGE.min} to ${MAX_OUTPUT_TOKENS_RANGE.max}.`,
        { field: "maxOutputTokens" },
      );
  }
  const context = contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  if (maxOutputTokens !== null && maxOutputTokens >= context)
    throw new AppError(
      "input.invalid",
      `maxOutputTokens (${maxOutputTokens}) must be smaller than the context window (${context} tokens), or no prompt fits.`,
      { field: "maxOutputTokens" },
    );
}
