/**
 * The error envelope `{error: {code, message, requestId, details?}}` (docs/spec/hosted.md §6); the
 * status comes from the error catalogue (src/domain/errors/catalogue).
 * Unknown errors are logged once as app.internal_error without their message text (it may hold
 * secrets from an upstream) and answered with a generic 500.
 */
import type { Context } from "hono";
import { AppError, type ErrorInfo, errorStatus } from "../domain/errors";
import type { HttpEnv } from "./context";

/** Builds the envelope response for an error. */
export function errorResponse(c: Context<HttpEnv>, error: ErrorInfo, headers?: Record<string, string>): Response {
  const requestId = c.get("requestId") ?? "";
  const body = {
    error: {
      code: error.code,
      message: error.message,
      requestId,
      ...(error.details ? { details: error.details } : {}),
    },
  };
  return c.json(body, errorStatus(error.code) as 400, headers);
}

/** Hono onError: AppError → its status; anything else → logged 500. */
export function handleError(error: Error, c: Context<HttpEnv>): Response {
  if (error instanceof AppError) {
    return errorResponse(c, {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    });
  }
  console.error(
    JSON.stringify({
      level: "error",
      code: "app.internal_error",
      requestId: c.get("requestId"),
      errorName: error?.name ?? "Error",
    }),
  );
  return errorResponse(c, {
    code: "app.internal_error",
    message:
      "Something went wrong on the server. Try again; if it persists, check the server logs for this request id.",
  });
}
