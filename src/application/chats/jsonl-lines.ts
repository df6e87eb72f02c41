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

/**
 * Yields the lines of `stream` in order. The bytes are split at the newline byte (0x0A) before
 * they are decoded — a 0x0A never occurs inside a UTF-8 multi-byte sequence — so a decoding error
 * is always charged to the line that holds the bad bytes, even when earlier lines arrived in the
 * same chunk. One streaming decoder spans the whole upload, so a character split across chunks
 * decodes whole, and a sequence cut off by a newline or by the end of the file is an error.
 */
export async function* readLines(stream: ReadableStream<Uint8Array>, limits: LineLimits): AsyncGenerator<NumberedLine> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let parts: string[] = [];
  let partChars = 0;
  let lineNo = 0;
  let total = 0;
  /** Decodes bytes of the current line (lineNo + 1); no argument flushes the decoder at the end. */
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new AppError(
        "chat.import_invalid_line",
        `Line ${lineNo + 1} of the chat file is not valid UTF-8 text. Nothing was imported.`,
        { line: lineNo + 1 },
      );
    }
  };
  const addPart = (text: string) => {
    if (text.length === 0) return;
    parts.push(text);
    partChars += text.length;
    if (partChars > limits.maxLineBytes) {
      throw new AppError(
        "chat.import_line_too_large",
        `Line ${lineNo + 1} of the chat file is longer than ${Math.round(limits.maxLineBytes / 1048576)} MiB. Nothing was imported.`,
        { line: lineNo + 1, maxBytes: limits.maxLineBytes },
      );
    }
  };
  const finishLine = (): NumberedLine => {
    lineNo += 1;
    const text = parts.length === 1 ? parts[0]! : parts.join("");
    parts = [];
    partChars = 0;
    return { line: lineNo, text: text.endsWith("\r") ? text.slice(0, -1) : text };
  };
  let finished = false;
  let open = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        addPart(decode());
        break;
      }
      total += value.byteLength;
      if (total > limits.maxBytes) {
        throw new AppError(
          "chat.import_too_large",
          `The chat file is larger than ${Math.round(limits.maxBytes / 1048576)} MB.`,
          { maxBytes: limits.maxBytes },
        );
      }
      let start = 0;
      for (;;) {
        const newline = value.indexOf(0x0a, start);
        if (newline < 0) break;
        // Decoding the newline too makes a sequence cut off by it fail on this line.
        const text = decode(value.subarray(start, newline + 1));
        addPart(text.slice(0, -1));
        open = false;
        yield finishLine();
        start = newline + 1;
      }
      if (start < value.byteLength) {
        addPart(decode(start === 0 ? value : value.subarray(start)));
        open = true;
      }
    }
    if (open || parts.length > 0) yield finishLine();
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}
