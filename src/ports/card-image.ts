/**
 * Reading and writing the card chunks of a PNG character card (docs/spec/characters.md §2):
 * tEXt chunks `ccv3` (V3) and `chara` (V2), each base64 of the card's UTF-8 JSON.
 */
export interface CardImageCodec {
  /**
   * The card JSON texts of a PNG, and the image without them.
   * Errors: `character.png_invalid` (400) for bytes that are not a whole PNG (bad signature,
   * truncated, bad CRC).
   */
  read(png: Uint8Array): { ccv3: string | null; chara: string | null; image: Uint8Array };
  /** `image` (a PNG without card chunks) with `chara` and `ccv3` tEXt chunks added before IEND. */
  write(image: Uint8Array, cards: { chara: string; ccv3: string }): Uint8Array;
}
