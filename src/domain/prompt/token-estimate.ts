/**
 * The prompt builder's token measure (docs/spec/generation.md "Prompt"; docs/decisions/1900): a
 * documented estimate, not a tokenizer. Per character: ASCII letters, digits and spaces ¼ token,
 * other ASCII (punctuation, symbols, newlines) 0.6, CJK ideographs / kana / hangul / full-width
 * forms 1, any other character 0.5; the sum rounded up. Against OpenAI's o200k_base encoding it
 * reads about 1.1–1.3× on English, Chinese, Japanese and Russian prose and 0.9–1.15× on code and
 * JSON (tests/unit/prompt/token-estimate.test.ts measures it against gpt-tokenizer), so a budget
 * filled with it leaves a margin on real models of every provider.
 *
 * Why not a tokenizer: gpt-tokenizer's o200k table is ~2.4 MB of JS that takes ~2 s of CPU to load
 * per isolate (12 s inside the test pool) and ~1 MB gzip of bundle, and no single BPE table is
 * right for Anthropic or Gemini models anyway.
 */
import type { TokenCounterLike } from "./token-counter-like";

function weight(code: number): number {
  if (code < 128) {
    const alnum =
      (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 32;
    return alnum ? 0.25 : 0.6;
  }
  const cjk =
    (code >= 0x3000 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef) ||
    code >= 0x20000;
  return cjk ? 1 : 0.5;
}

/** Estimated tokens of `text` (≥ 0). */
export function estimateTokens(text: string): number {
  let total = 0;
  for (const ch of text) total += weight(ch.codePointAt(0)!);
  return Math.ceil(total);
}

/** The estimate as a TokenCounter. */
export const ESTIMATING_COUNTER: TokenCounterLike = { count: estimateTokens };
