/** Something that counts tokens of a text (the TokenCounter port's shape, for domain code). */
export interface TokenCounterLike {
  count(text: string): number;
}
