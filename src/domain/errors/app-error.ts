/**
 * AppError: the one error type every layer raises for a user-visible failure.
 * `code` is a catalogued dotted code (`catalogue/<namespace>.ts`, which also gives its HTTP status);
 * `message` is for a person and never contains a secret (the catalogue's default when omitted);
 * `details` is JSON; `cause` keeps the underlying error for logs (it never crosses RPC or HTTP).
 */
import { defaultMessage, type ErrorCode } from "./catalogue/index";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message ?? defaultMessage(code), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

/** Plain-data form of an AppError; what crosses RPC and what the HTTP envelope carries. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** The result envelope every Durable Object RPC method returns (RPC drops custom error fields). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** Runs `fn`, turning an AppError into `{ok:false}`; any other error is rethrown to the caller. */
export async function toResult<T>(fn: () => Promise<T> | T): Promise<Result<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        ok: false,
        error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      };
    }
    throw error;
  }
}

/** Unwraps a Result, re-raising its error as an AppError. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new AppError(result.error.code, result.error.message, result.error.details);
}
