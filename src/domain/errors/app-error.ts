/**
 * AppError: the one error type every layer raises for a user-visible failure.
 * `code` is a dotted lower-case code from docs/spec/ (or a hosted extension listed in
 * docs/api.md); `message` is for a person and never contains a secret; `details` is JSON.
 */
export class AppError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

/** Plain-data form of an AppError; what crosses RPC and what the HTTP envelope carries. */
export interface ErrorInfo {
  code: string;
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
