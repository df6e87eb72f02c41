/**
 * The PNG side of character cards (docs/spec/characters.md §2), the only user of
 * `png-chunks-extract`, `png-chunks-encode` and `png-chunk-text` (the chunk libraries SillyTavern
 * uses). Card JSON is base64 of UTF-8 in a tEXt chunk, keyword `ccv3` (V3) or `chara` (V2).
 */
import extractChunks from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import { decode as decodeText, encode as encodeText } from "png-chunk-text";
import { AppError } from "../../domain/errors";
import type { CardImageCodec } from "../../ports/card-image";

const CARD_KEYWORDS = new Set(["chara", "ccv3"]);

function base64ToUtf8(text: string): string {
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

type Chunk = { name: string; data: Uint8Array };

export const PNG_CARD_CODEC: CardImageCodec = {
  read(png) {
    let chunks: Chunk[];
    try {
      chunks = extractChunks(png);
    } catch (error) {
      throw new AppError(
        "character.png_invalid",
        `This file is not a complete PNG image (${(error as Error).message}); it may be truncated or damaged.`,
      );
    }
    const found: Record<string, string> = {};
    const kept: Chunk[] = [];
    for (const chunk of chunks) {
      if (chunk.name !== "tEXt") {
        kept.push(chunk);
        continue;
      }
      let keyword: string;
      let text: string;
      try {
        ({ keyword, text } = decodeText(chunk.data));
      } catch {
        kept.push(chunk);
        continue;
      }
      const key = keyword.toLowerCase();
      if (!CARD_KEYWORDS.has(key)) {
        kept.push(chunk);
        continue;
      }
      try {
        found[key] = base64ToUtf8(text);
      } catch {
        throw new AppError(
          "character.card_invalid",
          `The PNG's ${key} chunk is not base64 of UTF-8 text, so the card inside cannot be read.`,
        );
      }
    }
    return { ccv3: found.ccv3 ?? null, chara: found.chara ?? null, image: encodeChunks(kept) };
  },
  write(image, cards) {
    const chunks: Chunk[] = extractChunks(image).filter((c: Chunk) => {
      if (c.name !== "tEXt") return true;
      try {
        return !CARD_KEYWORDS.has(decodeText(c.data).keyword.toLowerCase());
      } catch {
        return true;
      }
    });
    const end = chunks.findIndex((c) => c.name === "IEND");
    chunks.splice(end, 0, encodeText("chara", utf8ToBase64(cards.chara)), encodeText("ccv3", utf8ToBase64(cards.ccv3)));
    return encodeChunks(chunks);
  },
};
