/**
 * Streaming `.zip` reading with fflate's `Unzip` (docs/spec/skills.md "Limits";
 * docs/decisions/2501). The body is pushed chunk by chunk; each entry is inflated synchronously as
 * its bytes arrive and the limits are enforced on the inflated bytes as they appear, so a bomb
 * stops after at most ~1 MiB past a limit:
 * - upload ≤ 32 MiB (`skill.archive_too_large`), ≤ 1000 entries (`skill.too_many_files`);
 * - an entry ≤ 8 MiB (`skill.file_too_large`), all entries ≤ 64 MiB (`skill.unpacked_too_large`);
 * - ratio: an entry past 1 MiB may not exceed 100 × its compressed size (declared in the local
 *   header), and the inflated total may not exceed 100 × the bytes received so far
 *   (`skill.compression_ratio_exceeded`);
 * - an entry larger than its declared size, an unknown method or a corrupt stream →
 *   `skill.archive_invalid`.
 * Finished entries are queued and handed to `onEntry` (async: hashing and storing) between chunks.
 */
import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { AppError } from "../../domain/errors";
import { SKILL_LIMITS } from "../../domain/skills/limits";

const MiB = 1024 * 1024;

function mib(bytes: number): string {
  return `${Math.round(bytes / MiB)} MiB`;
}

function ratioError(name: string): AppError {
  return new AppError(
    "skill.compression_ratio_exceeded",
    `The archive expands more than ${SKILL_LIMITS.compressionRatio} times (at ${name}); it looks like a zip bomb and was refused.`,
    { path: name.slice(0, 300), maxRatio: SKILL_LIMITS.compressionRatio },
  );
}

/** See the file docstring. */
export async function unzipStream(
  body: ReadableStream<Uint8Array>,
  onEntry: (name: string, data: Uint8Array) => Promise<void>,
  limits = SKILL_LIMITS,
): Promise<void> {
  let received = 0;
  let inflated = 0;
  let entries = 0;
  let failure: AppError | null = null;
  const done: Array<{ name: string; data: Uint8Array }> = [];
  const open = new Set<UnzipFile>();

  const fail = (error: AppError, file?: UnzipFile) => {
    failure ??= error;
    file?.terminate();
  };

  const unzip = new Unzip((file) => {
    if (failure) return;
    if (file.name.endsWith("/")) {
      file.ondata = () => undefined;
      file.start();
      return;
    }
    entries += 1;
    if (entries > limits.files) {
      fail(
        new AppError("skill.too_many_files", `The archive has more than ${limits.files} files.`, {
          maxFiles: limits.files,
        }),
      );
      return;
    }
    const declared = file.originalSize;
    const compressed = file.size;
    if (declared !== undefined && declared > limits.fileBytes) {
      fail(tooLarge(file.name, limits.fileBytes));
      return;
    }
    if (
      declared !== undefined &&
      compressed !== undefined &&
      declared > limits.ratioFloorBytes &&
      declared > limits.compressionRatio * Math.max(compressed, 1)
    ) {
      fail(ratioError(file.name));
      return;
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    open.add(file);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        fail(new AppError("skill.archive_invalid", `The archive entry ${file.name} cannot be read: ${error.message}.`));
        return;
      }
      size += chunk.byteLength;
      inflated += chunk.byteLength;
      if (size > limits.fileBytes) return fail(tooLarge(file.name, limits.fileBytes), file);
      if (inflated > limits.totalBytes)
        return fail(
          new AppError("skill.unpacked_too_large", `The archive unpacks to more than ${mib(limits.totalBytes)}.`, {
            maxBytes: limits.totalBytes,
          }),
          file,
        );
      if (declared !== undefined && size > declared)
        return fail(
          new AppError("skill.archive_invalid", `The archive entry ${file.name} is larger than its header says.`),
          file,
        );
      if (
        size > limits.ratioFloorBytes &&
        ((compressed !== undefined && size > limits.compressionRatio * Math.max(compressed, 1)) ||
          inflated > limits.compressionRatio * Math.max(received, 1))
      )
        return fail(ratioError(file.name), file);
      parts.push(chunk);
      if (final) {
        open.delete(file);
        done.push({ name: file.name, data: concat(parts, size) });
        parts.length = 0;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  const reader = body.getReader();
  let sawSignature = false;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new AppError(
        "http.body_incomplete",
        "The request body ended before it was complete (the upload was interrupted).",
      );
    }
    if (chunk.done) break;
    const value = chunk.value;
    if (!sawSignature && received === 0 && value.byteLength >= 2 && !(value[0] === 0x50 && value[1] === 0x4b))
      throw new AppError("skill.archive_invalid", "The upload is not a .zip file (it does not start with PK).");
    sawSignature = true;
    received += value.byteLength;
    if (received > limits.uploadBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError("skill.archive_too_large", `The upload is larger than ${mib(limits.uploadBytes)}.`, {
        maxBytes: limits.uploadBytes,
      });
    }
    push(unzip, value, false, (e) => fail(e));
    if (failure) {
      await reader.cancel().catch(() => undefined);
      throw failure;
    }
    while (done.length > 0) {
      const next = done.shift()!;
      await onEntry(next.name, next.data);
    }
  }
  push(unzip, new Uint8Array(0), true, (e) => fail(e));
  if (failure) throw failure;
  if (received === 0) throw new AppError("skill.archive_invalid", "The upload is empty.");
  if (open.size > 0) throw new AppError("skill.archive_invalid", "The archive ends in the middle of a file.");
  for (const next of done.splice(0)) await onEntry(next.name, next.data);
}

function push(unzip: Unzip, chunk: Uint8Array, final: boolean, onError: (e: AppError) => void): void {
  try {
    unzip.push(chunk, final);
  } catch (error) {
    onError(
      new AppError(
        "skill.archive_invalid",
        `The archive cannot be read (${error instanceof Error ? error.message : "corrupt data"}).`,
      ),
    );
  }
}

function tooLarge(name: string, max: number): AppError {
  return new AppError("skill.file_too_large", `${name} is larger than ${mib(max)}.`, {
    path: name.slice(0, 300),
    maxBytes: max,
  });
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
