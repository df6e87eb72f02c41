/**
 * Text metrics used in every tool result (docs/spec/tool-system.md §2 (text metrics)): `chars` is the count of
 * Unicode scalar values; `words` counts each CJK ideograph / kana / hangul syllable as one word and
 * every other maximal run of non-space, non-CJK characters as one word. No tokenizer.
 * Also the UTF-16 ⇄ scalar offset conversions the char ranges need.
 */

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
const WORD =
  /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]|[^\s\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+/gu;

/** Unicode scalar count of `text`. */
export function countChars(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n -= 1;
        i += 1;
      }
    }
  }
  return n;
}

/** Word count (see module doc). */
export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n += 1;
  return n;
}

/** True when `ch` is a CJK character counted as a word by itself. */
export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

/** `{chars, words}` of a text. */
export function textMetrics(text: string): { chars: number; words: number } {
  return { chars: countChars(text), words: countWords(text) };
}

/** UTF-16 index of the `scalar`-th scalar value (clamped to the text length). */
export function scalarToUtf16(text: string, scalar: number): number {
  let seen = 0;
  let i = 0;
  while (i < text.length && seen < scalar) {
    const c = text.charCodeAt(i);
    i +=
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < text.length &&
      text.charCodeAt(i + 1) >= 0xdc00 &&
      text.charCodeAt(i + 1) <= 0xdfff
        ? 2
        : 1;
    seen += 1;
  }
  return i;
}

/** Scalar offset of UTF-16 index `index`. */
export function utf16ToScalar(text: string, index: number): number {
  return countChars(text.slice(0, index));
}

/** UTF-8 byte length. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
