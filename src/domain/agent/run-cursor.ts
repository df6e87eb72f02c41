/**
 * Opaque run-list cursor (docs/spec/agent-runtime.md §9 `before {createdAt, runId}`): base64url of `<createdAt ms>.<runId>`.
 * A cursor that does not decode → `input.invalid`.
 */
import { AppError } from "../errors";
import type { RunListCursor } from "./run-record";

export function encodeRunCursor(cursor: RunListCursor): string {
  return btoa(`${cursor.createdAt}.${cursor.runId}`).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function decodeRunCursor(text: string): RunListCursor {
  let decoded = "";
  try {
    decoded = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    decoded = "";
  }
  const match = /^(\d{1,16})\.(run_[0-9a-f]{32})$/.exec(decoded);
  if (!match)
    throw new AppError("input.invalid", "This list cursor is not valid; start again without a cursor.", {
      field: "cursor",
    });
  return { createdAt: Number(match[1]), runId: match[2]! };
}
