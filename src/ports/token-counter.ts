/**
 * Port: token counting for the prompt builder (docs/spec/generation.md "Prompt"). Today it is the
 * documented estimate of src/domain/prompt/token-estimate.ts (docs/decisions/1900); a real
 * tokenizer can replace it behind this port.
 */
export interface TokenCounter {
  /** Tokens of `text` (≥ 0). Never throws. */
  count(text: string): number;
}
