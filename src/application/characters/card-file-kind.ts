/**
 * What an imported card file is (docs/spec/characters.md §2 "What the file is"), decided from its
 * bytes, never from its name or content type: a PNG signature → a PNG card; no known binary format
 * and UTF-8 text starting with `{` or `[` → a JSON card. Anything else is refused before it is
 * parsed, with a sentence that names what the file is and what is accepted, instead of "damaged
 * PNG" or "invalid JSON".
 *
 * Errors (415): `character.file_unsupported` (`details: {format, accepted}`: a known binary format
 * such as JPEG, WEBP, ZIP or PDF, or `TXT` for text that is not JSON), `character.file_unrecognized`
 * (`details: {accepted}`: binary data of no known format).
 */
import { AppError } from "../../domain/errors";
import type { FileSniffer } from "../../ports/file-sniffer";

/** What a card import accepts, as shown to people. */
export const CARD_FORMATS_ACCEPTED = ["PNG", "JSON"] as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes of text looked at to tell JSON from other text. */
const TEXT_PROBE_BYTES = 4096;

/** A format's name as people know it: its extension in capitals, `JPEG` for `jpg`. */
function formatName(ext: string): string {
  return ext === "jpg" ? "JPEG" : ext.toUpperCase();
}

function unsupported(format: string, what: string): AppError {
  return new AppError(
    "character.file_unsupported",
    `This file is ${what}, not a character card. Choose a PNG card (a character exported as PNG) or a JSON card file.`,
    { format, accepted: [...CARD_FORMATS_ACCEPTED] },
  );
}

/** The leading text of `bytes` (BOM removed), or null when they are not UTF-8. */
function leadingText(bytes: Uint8Array): string | null {
  try {
    // `stream: true` lets a multi-byte character cut at the probe's end pass.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes.subarray(0, TEXT_PROBE_BYTES), {
      stream: true,
    });
  } catch {
    return null;
  }
}

/** `png` or `json`, from the bytes. Errors: see the file's docstring. */
export async function cardFileKind(sniffer: FileSniffer, bytes: Uint8Array): Promise<"png" | "json"> {
  // A PNG by its signature alone: a truncated card is still a PNG (and then `character.png_invalid`).
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "png";
  const sniffed = await sniffer.sniff(bytes);
  if (sniffed?.ext === "png" || sniffed?.ext === "apng") return "png";
  if (sniffed) {
    const name = formatName(sniffed.ext);
    const kind = sniffed.mime.startsWith("image/") ? `a ${name} image` : `a ${name} file`;
    throw unsupported(name, kind);
  }
  const text = leadingText(bytes);
  if (text === null)
    throw new AppError(
      "character.file_unrecognized",
      "This file is neither a PNG image nor JSON text, so it cannot be a character card. Choose a PNG card or a JSON card file.",
      { accepted: [...CARD_FORMATS_ACCEPTED] },
    );
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("[") || start === "") return "json";
  throw unsupported("TXT", "plain text");
}
