/**
 * TokenCounter over gpt-tokenizer's o200k_base encoding (the GPT-4o / GPT-5 family BPE), used as
 * the one token measure of the prompt builder for every provider (docs/spec/generation.md "Prompt";
 * docs/decisions/1900). The rank table (~2.4 MB of JS) is imported lazily on first use, so a cold
 * object that never builds a prompt does not pay for it.
 *
 * Special-token text in a message (e.g. `<|endoftext|>`) is counted as ordinary text. If encoding
 * fails for any other reason the count falls back to the estimate ⌈UTF-8 bytes / 3⌉.
 */
import type { TokenCounter } from "../../ports/token-counter";

let loaded: Promise<TokenCounter> | null = null;

/** The shared counter (loads the encoding once per isolate). */
export function loadTokenCounter(): Promise<TokenCounter> {
  loaded ??= import("gpt-tokenizer/encoding/o200k_base").then((encoding) => ({
    count(text: string): number {
      if (text.length === 0) return 0;
      try {
        return encoding.countTokens(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
      } catch {
        return estimateTokens(text);
      }
    },
  }));
  return loaded;
}

/** ⌈UTF-8 bytes / 3⌉: a conservative estimate (CJK ≈ 1 token per character). */
export function estimateTokens(text: string): number {
  return Math.ceil(new TextEncoder().encode(text).length / 3);
}
