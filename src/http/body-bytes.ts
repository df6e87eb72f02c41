/**
 * Reads a raw request body (a card file, an archive, or the text under every JSON body) with a byte cap, checked on Content-Length and while
 * streaming: over the cap → the caller's error (e.g. 413 `character.card_too_large`); a client
 * that goes away mid-upload → 400 `http.body_incomplete`.
 */
import type { Context } from "hono";
import { AppError } from "../domain/errors";
import type { HttpEnv } from "./context";

export async function readBodyBytes(
  c: Context<HttpEnv>,
  maxBytes: number,
  tooLarge: () => AppError,
): Promise<Uint8Array> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-upload: a 400 for the log, not an internal error.
      throw new AppError(
        "http.body_incomplete",
        "The request body ended before it was complete (the upload was interrupted).",
      );
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of chunks) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
