/**
 * FileSniffer on `file-type` (magic numbers of some 200 binary formats): the only user of that
 * package (docs/architecture.md). Text has no magic number, so text of any kind answers null.
 */
import { fileTypeFromBuffer } from "file-type";
import type { FileSniffer, SniffedFormat } from "../../ports/file-sniffer";

/** `file-type` reads at most this many leading bytes for any format it knows. */
const SNIFF_BYTES = 4100;

export const FILE_SNIFFER: FileSniffer = {
  async sniff(bytes: Uint8Array): Promise<SniffedFormat | null> {
    try {
      const found = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES));
      return found ? { ext: found.ext, mime: found.mime } : null;
    } catch {
      return null;
    }
  },
};
