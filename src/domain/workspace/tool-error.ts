/**
 * Recoverable workspace tool errors and the outcome shape the five workspace tools return
 * (docs/spec/tool-system.md §1.5, docs/spec/tool-system.md §2). A ToolError goes back to the model as an `isError`
 * tool result; any other error (AppError or not) is a system failure that fails the run.
 */
import { AppError, type ErrorCode } from "../errors";

/** A model-correctable mistake: returned to the model as a tool result, never fails the run. */
export class ToolError extends AppError {
  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(code, message, details);
    this.name = "ToolError";
  }
}

/** Side effect a successful mutating tool had; the loop journals it and then creates a checkpoint. */
export type WorkspaceEffect =
  | { kind: "file_written"; path: string; mode: "replace" | "append"; chars: number; words: number; sha256: string }
  | {
      kind: "patch_applied";
      path: string;
      chars: number;
      words: number;
      oldSha256: string;
      sha256: string;
      replacements: number;
    };

/**
 * What a workspace tool returns to the loop. Success: model-facing `content`, the contract's
 * `structured` result, `resourceRefs`, and an `effect` for mutations. Failure: `errorCode` from
 * docs/spec/tool-system.md §2, `content` = the message, `structured = {error:{code, message}}` (docs/spec/tool-system.md §1 AgentToolResult).
 */
export type WorkspaceToolOutcome<T = unknown> =
  | { isError: false; content: string; structured: T; resourceRefs: string[]; effect?: WorkspaceEffect }
  | {
      isError: true;
      errorCode: ErrorCode;
      content: string;
      structured: { error: { code: ErrorCode; message: string } };
      resourceRefs: string[];
    };

/** Turns a ToolError into the failure outcome. */
export function toolFailure(error: ToolError): WorkspaceToolOutcome<never> {
  return {
    isError: true,
    errorCode: error.code,
    content: error.message,
    structured: { error: { code: error.code, message: error.message } },
    resourceRefs: [],
  };
}
