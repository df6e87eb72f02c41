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

export async function* readLines(stream: ReadableStream<Uint8Array>, limits: LineLimits): AsyncGenerator<NumberedLine> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let parts: string[] = [];
  let partChars = 0;
  let lineNo = 0;
  let total = 0;
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new AppError("chat.import_invalid_line", `Line ${lineNo + 1} of the chat file is not valid UTF-8 text. Nothing was imported.`, { line: lineNo + 1 });
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
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decode() : decode(value);
      if (!done) {
        total += value.byteLength;
        if (total > limits.maxBytes) {
          throw new AppError("chat.import_too_large", `The chat file is larger than ${Math.round(limits.maxBytes / 1048576)} MB.`, { maxBytes: limits.maxBytes });
        }
      }
      let start = 0;
      for (;;) {
        const newline = text.indexOf("\n", start);
        if (newline < 0) break;
        parts.push(text.slice(start, newline));
        yield finishLine();
        start = newline + 1;
      }
      if (start < text.length) {
        parts.push(start === 0 ? text : text.slice(start));
        partChars += text.length - start;
        if (partChars > limits.maxLineBytes) {
          throw new AppError("chat.import_line_too_large", `Line ${lineNo + 1} of the chat file is longer than ${Math.round(limits.maxLineBytes / 1048576)} MiB. Nothing was imported.`, { line: lineNo + 1, maxBytes: limits.maxLineBytes });
        }
      }
      if (done) break;
    }
    if (parts.length > 0) yield finishLine();
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}
