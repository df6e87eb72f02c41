/**
 * What a file is, from its first bytes (magic numbers), whatever name or content type it came with
 * (docs/spec/characters.md §2 "What the file is").
 */
export interface SniffedFormat {
  /** The format's usual extension, lower case (`png`, `jpg`, `webp`, `zip`, `pdf`, …). */
  ext: string;
  /** Its media type (`image/jpeg`, …). */
  mime: string;
}

export interface FileSniffer {
  /**
   * The binary format `bytes` starts with, or null when none is known: text (JSON or otherwise)
   * and unknown data. Reads at most the first few KiB. Never throws.
   */
  sniff(bytes: Uint8Array): Promise<SniffedFormat | null>;
}
