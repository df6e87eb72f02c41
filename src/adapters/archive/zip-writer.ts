/**
 * Writing the account archive one entry at a time (docs/spec/data-portability.md §1,
 * docs/decisions/2700-account-archive-jobs.md): each entry is deflated whole by fflate (`zipSync`
 * of a one-file zip, fixed timestamp), its local part (header + data) is appended to the stored
 * archive and its central-directory record is kept, with the record's local-header offset patched
 * to where the entry really starts. `zipEnd` writes the central directory and the end record, so an
 * archive built across many steps (and object restarts) is one valid zip without holding it whole.
 * No ZIP64: archives stay below 4 GiB (DATA_LIMITS.exportBytes).
 */
import { zipSync } from "fflate";

/** A fixed entry time so the same content always produces the same bytes. */
const ENTRY_TIME = new Date("2020-01-01T00:00:00Z");
const EOCD_BYTES = 22;

/** One written entry: `local` goes into the archive at `offset`; `central` is kept for `zipEnd`. */
export interface WrittenEntry {
  local: Uint8Array;
  central: Uint8Array;
}

function u32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at, true);
}

/** Deflates `data` as entry `name` that will start at byte `offset` of the archive. */
export function zipEntry(name: string, data: Uint8Array, offset: number): WrittenEntry {
  const zip = zipSync({ [name]: [data, { level: data.byteLength < 128 ? 0 : 6, mtime: ENTRY_TIME }] });
  const eocd = zip.byteLength - EOCD_BYTES;
  const centralSize = u32(zip, eocd + 12);
  const centralAt = u32(zip, eocd + 16);
  const central = zip.slice(centralAt, centralAt + centralSize);
  new DataView(central.buffer).setUint32(42, offset, true);
  return { local: zip.subarray(0, centralAt), central };
}

/** The central directory (the entries' records in order) and the end record of an archive. */
export function zipEnd(centrals: Uint8Array[], centralOffset: number): Uint8Array {
  const size = centrals.reduce((sum, c) => sum + c.byteLength, 0);
  const out = new Uint8Array(size + EOCD_BYTES);
  let at = 0;
  for (const c of centrals) {
    out.set(c, at);
    at += c.byteLength;
  }
  const view = new DataView(out.buffer, size);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, centrals.length, true);
  view.setUint16(10, centrals.length, true);
  view.setUint32(12, size, true);
  view.setUint32(16, centralOffset, true);
  return out;
}
