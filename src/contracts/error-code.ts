/** The wire form of an error code: a code of the error catalogue (docs/spec/hosted.md §6). */
import { z } from "zod";
import { type ErrorCode, isErrorCode } from "../domain/errors";

/** A catalogued error code (`chat.not_found`, `mcp.call_timeout`, …); anything else fails to parse. */
export const errorCodeSchema = z.custom<ErrorCode>(
  (value) => typeof value === "string" && isErrorCode(value),
  "not a code of the error catalogue (src/domain/errors/catalogue)",
);

export type { ErrorCode };
