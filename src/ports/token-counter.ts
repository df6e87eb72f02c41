/**
 * Port: token counting for the prompt builder (docs/spec/generation.md "Prompt"). Implemented by
 * src/adapters/tokenizer (gpt-tokenizer, o200k_base). Counts are an estimate for models with
 * another tokenizer; they are only used to fit the history into a connection's context budget.
 */
export interface TokenCounter {
  /** Tokens of `text` (≥ 0). Never throws. */
  count(text: string): number;
}
