/**
 * Splits a UTF-8 byte stream into lines without ever holding the whole stream: only the current
 * line is buffered. Counts bytes as they arrive.
 *
 * Errors: chat.import_too_large (413, details.maxBytes), chat.import_line_too_large (413,
 * details.line, details.maxBytes), chat.import_invalid_line (400, not UTF-8; details.line).
 */
import { AppError } from "../../domain/errors";

/** One line of the stream: 1-based number and text without its line ending. */
export interface NumberedLine {
  line: number;
  text: string;
}

/** Byte limits of a line stream. */
export interface LineLimits {
  maxBytes: number;
  maxLineBytes: number;
}

const NO_BYTES: Uint8Array = new Uint8Array(0);

/**
 * The bytes at the end of `previous` + `chunk` that start a UTF-8 sequence the chunk did not
 * finish (what a streaming decoder holds back), given that everything before decoded. At most 3.
 */
function unfinishedSequence(previous: Uint8Array, chunk: Uint8Array): Uint8Array {
  const bytes = chunk.byteLength >= 4 ? chunk.subarray(chunk.byteLength - 4) : concat(previous, chunk);
  for (let i = bytes.byteLength - 1; i >= 0 && i >= bytes.byteLength - 4; i -= 1) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return bytes.byteLength - i < needs ? bytes.slice(i) : NO_BYTES;
  }
  return NO_BYTES;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

/**
 * Yields the lines of `stream` in order. One streaming decoder spans the whole upload and decodes
 * each chunk in one call (issue 31: a call per line cost more than parsing the line); the text is
 * then split at "\n". When a chunk does not decode, it is decoded again line by line — split at
 * the newline byte (0x0A), which never occurs inside a UTF-8 multi-byte sequence — from the bytes
 * the decoder was holding back, so the error is charged to the line that holds the bad bytes and
 * the lines before it in the same chunk are still yielded first. A character split across chunks
 * decodes whole; a sequence cut off by a newline or by the end of the file is an error.
 */
export async function* readLines(stream: ReadableStream<Uint8Array>, limits: LineLimits): AsyncGenerator<NumberedLine> {
  const reader = stream.getReader();
  let decoder = new TextDecoder("utf-8", { fatal: true });
  /** Bytes of an unfinished sequence the decoder holds back from the chunks so far. */
  let heldBack = NO_BYTES;
  /** Text of the current line so far (lineNo + 1). */
  let current = "";
  let lineNo = 0;
  let total = 0;
  const invalidUtf8 = () =>
    new AppError(
      "chat.import_invalid_line",
      `Line ${lineNo + 1} of the chat file is not valid UTF-8 text. Nothing was imported.`,
      { line: lineNo + 1 },
    );
  /** Appends text to the current line, refusing a line past maxLineBytes characters. */
  const extend = (text: string) => {
    if (text.length === 0) return;
    current = current.length === 0 ? text : current + text;
    if (current.length > limits.maxLineBytes) {
      throw new AppError(
        "chat.import_line_too_large",
        `Line ${lineNo + 1} of the chat file is longer than ${Math.round(limits.maxLineBytes / 1048576)} MiB. Nothing was imported.`,
        { line: lineNo + 1, maxBytes: limits.maxLineBytes },
      );
    }
  };
  const finishLine = (): NumberedLine => {
    lineNo += 1;
    const text = current;
    current = "";
    return { line: lineNo, text: text.endsWith("\r") ? text.slice(0, -1) : text };
  };
  /** The slow path of a chunk that did not decode: line by line with a fresh decoder (see above). */
  function* lineByLine(chunk: Uint8Array): Generator<NumberedLine> {
    decoder = new TextDecoder("utf-8", { fatal: true });
    const decode = (bytes: Uint8Array) => {
      try {
        return decoder.decode(bytes, { stream: true });
      } catch {
        throw invalidUtf8();
      }
    };
    decode(heldBack);
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline < 0) break;
      // Decoding the newline too makes a sequence cut off by it fail on this line.
      extend(decode(chunk.subarray(start, newline + 1)).slice(0, -1));
      yield finishLine();
      start = newline + 1;
    }
    if (start < chunk.byteLength) extend(decode(chunk.subarray(start)));
  }
  let finished = false;
  let open = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        try {
          extend(decoder.decode());
        } catch (error) {
          throw error instanceof AppError ? error : invalidUtf8();
        }
        break;
      }
      if (value.byteLength === 0) continue;
      total += value.byteLength;
      if (total > limits.maxBytes) {
        throw new AppError(
          "chat.import_too_large",
          `The chat file is larger than ${Math.round(limits.maxBytes / 1048576)} MB.`,
          { maxBytes: limits.maxBytes },
        );
      }
      open = value[value.byteLength - 1] !== 0x0a;
      let text: string | null;
      try {
        text = decoder.decode(value, { stream: true });
      } catch {
        text = null;
      }
      if (text === null) yield* lineByLine(value);
      else {
        let start = 0;
        for (let newline = text.indexOf("\n"); newline >= 0; newline = text.indexOf("\n", start)) {
          extend(text.slice(start, newline));
          yield finishLine();
          start = newline + 1;
        }
        extend(start === 0 ? text : text.slice(start));
      }
      heldBack = unfinishedSequence(heldBack, value);
    }
    if (open || current.length > 0) yield finishLine();
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}
