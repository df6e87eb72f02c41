/** Types of the PNG chunk libraries (they ship none). */
declare module "png-chunks-extract" {
  /** The chunks of a PNG; throws on a bad signature, a CRC mismatch or a missing IEND. */
  export default function extractChunks(data: Uint8Array): Array<{ name: string; data: Uint8Array }>;
}
declare module "png-chunks-encode" {
  /** A PNG file of `chunks` (signature and CRCs added). */
  export default function encodeChunks(chunks: ReadonlyArray<{ name: string; data: Uint8Array }>): Uint8Array;
}
declare module "png-chunk-text" {
  /** A tEXt chunk of Latin-1 `keyword` and `text`. */
  export function encode(keyword: string, text: string): { name: "tEXt"; data: Uint8Array };
  /** Keyword and text of a tEXt chunk's data. */
  export function decode(data: Uint8Array): { keyword: string; text: string };
}
