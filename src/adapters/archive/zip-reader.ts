/**
 * Reading a staged account archive by byte ranges (docs/spec/data-portability.md §3–4,
 * docs/decisions/2700-account-archive-jobs.md). A zip's index is at its end, so the archive is
 * staged first; this reader then parses the end record and central directory and inflates one
 * entry at a time (fflate `Inflate`, 64 KiB pushes), never the whole archive. Zip-bomb rules as in
 * docs/decisions/2501, with the account limits of DATA_LIMITS: a declared size past the entry
 * limit or a declared ratio past `compressionRatio` is refused before inflating; while inflating,
 * more bytes than declared, past the entry limit, or past the ratio stop at once; the CRC-32 is
 * checked at the end.
 *
 * Errors: `data.archive_invalid` (not a zip, truncated, corrupt, unsupported method, CRC mismatch),
 * `data.archive_too_large` (entries or total past the limits), `data.entry_too_large`,
 * `data.compression_ratio_exceeded`.
 */
import { Inflate } from "fflate";
import { AppError } from "../../domain/errors";
import { DATA_LIMITS } from "../../domain/data/limits";

import type { RangeSource, ZipIndexEntry } from "../../ports/data-archive";

const PIECE = 64 * 1024;
const MiB = 1024 * 1024;

function invalid(message: string): AppError {
  return new AppError("data.archive_invalid", message);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Parses the central directory. Throws `data.archive_invalid` for a truncated or foreign file. */
export function readZipIndex(source: RangeSource, limits = DATA_LIMITS): ZipIndexEntry[] {
  if (source.size < 22) throw invalid("The file is not a .zip archive (it is too short).");
  const head = source.read(0, 4);
  if (view(head).getUint32(0, true) !== 0x04034b50 && view(head).getUint32(0, true) !== 0x06054b50)
    throw invalid("The file is not a .zip archive (it does not start with PK).");
  const tailLength = Math.min(source.size, 22 + 65_535);
  const tail = source.read(source.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.byteLength - 22; i >= 0; i -= 1) {
    if (view(tail).getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw invalid("The archive is incomplete: its end record is missing (was the download cut off?).");
  const end = view(tail);
  const count = end.getUint16(eocd + 10, true);
  const centralSize = end.getUint32(eocd + 12, true);
  const centralAt = end.getUint32(eocd + 16, true);
  if (count > limits.entries)
    throw new AppError("data.archive_too_large", `The archive has more than ${limits.entries} entries.`, {
      maxEntries: limits.entries,
    });
  if (centralAt + centralSize > source.size)
    throw invalid("The archive is incomplete: its index points past the end of the file.");
  const central = source.read(centralAt, centralSize);
  const dv = view(central);
  const decoder = new TextDecoder();
  const entries: ZipIndexEntry[] = [];
  let at = 0;
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > central.byteLength || dv.getUint32(at, true) !== 0x02014b50)
      throw invalid("The archive's index is corrupt.");
    const nameLength = dv.getUint16(at + 28, true);
    const entry: ZipIndexEntry = {
      method: dv.getUint16(at + 10, true),
      crc: dv.getUint32(at + 16, true),
      compressedSize: dv.getUint32(at + 20, true),
      size: dv.getUint32(at + 24, true),
      localOffset: dv.getUint32(at + 42, true),
      name: decoder.decode(central.subarray(at + 46, at + 46 + nameLength)),
    };
    at += 46 + nameLength + dv.getUint16(at + 30, true) + dv.getUint16(at + 32, true);
    if (entry.name.endsWith("/")) continue;
    checkDeclared(entry, limits);
    total += entry.size;
    if (total > limits.totalBytes)
      throw new AppError(
        "data.archive_too_large",
        `The archive unpacks to more than ${Math.round(limits.totalBytes / MiB)} MiB.`,
        { maxBytes: limits.totalBytes },
      );
    entries.push(entry);
  }
  return entries;
}

function checkDeclared(entry: ZipIndexEntry, limits: typeof DATA_LIMITS): void {
  if (entry.method !== 0 && entry.method !== 8)
    throw invalid(`The archive entry ${entry.name} uses an unsupported compression method (${entry.method}).`);
  if (entry.size > limits.entryBytes) throw entryTooLarge(entry.name, limits.entryBytes);
  if (entry.size > limits.ratioFloorBytes && entry.size > limits.compressionRatio * Math.max(entry.compressedSize, 1))
    throw ratioExceeded(entry.name, limits.compressionRatio);
}

function entryTooLarge(name: string, max: number): AppError {
  return new AppError("data.entry_too_large", `${name} in the archive is larger than ${Math.round(max / MiB)} MiB.`, {
    path: name.slice(0, 300),
    maxBytes: max,
  });
}

function ratioExceeded(name: string, ratio: number): AppError {
  return new AppError(
    "data.compression_ratio_exceeded",
    `The archive expands more than ${ratio} times (at ${name.slice(0, 300)}); it looks like a zip bomb and was refused.`,
    { path: name.slice(0, 300), maxRatio: ratio },
  );
}

/** Inflates one entry within the limits; checks its size and CRC-32. */
export function readZipEntry(source: RangeSource, entry: ZipIndexEntry, limits = DATA_LIMITS): Uint8Array {
  checkDeclared(entry, limits);
  if (entry.localOffset + 30 > source.size) throw invalid(`The archive entry ${entry.name} is missing.`);
  const header = view(source.read(entry.localOffset, 30));
  if (header.getUint32(0, true) !== 0x04034b50) throw invalid(`The archive entry ${entry.name} is corrupt.`);
  const dataAt = entry.localOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  if (dataAt + entry.compressedSize > source.size)
    throw invalid(`The archive is incomplete: ${entry.name} is cut off.`);
  const out = new Uint8Array(entry.size);
  let size = 0;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw invalid(`The archive entry ${entry.name} is corrupt.`);
    out.set(source.read(dataAt, entry.size));
    size = entry.size;
  } else {
    let failure: AppError | null = null;
    const inflate = new Inflate((chunk) => {
      if (failure) return;
      if (size + chunk.byteLength > entry.size) {
        failure =
          size + chunk.byteLength > limits.ratioFloorBytes &&
          size + chunk.byteLength > limits.compressionRatio * Math.max(entry.compressedSize, 1)
            ? ratioExceeded(entry.name, limits.compressionRatio)
            : invalid(`The archive entry ${entry.name} is larger than its index says.`);
        return;
      }
      out.set(chunk, size);
      size += chunk.byteLength;
    });
    try {
      for (let at = 0; at < entry.compressedSize && !failure; at += PIECE) {
        const length = Math.min(PIECE, entry.compressedSize - at);
        inflate.push(source.read(dataAt + at, length), at + length >= entry.compressedSize);
      }
    } catch (error) {
      failure ??= invalid(
        `The archive entry ${entry.name} cannot be read (${error instanceof Error ? error.message : "corrupt data"}).`,
      );
    }
    if (failure) throw failure;
  }
  if (size !== entry.size) throw invalid(`The archive entry ${entry.name} is shorter than its index says.`);
  if (crc32(out) !== entry.crc) throw invalid(`The archive entry ${entry.name} is corrupt (checksum mismatch).`);
  return out;
}

let table: Uint32Array | null = null;

/** CRC-32 (IEEE) of `bytes`, as zip stores it. */
export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.byteLength; i += 1) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
