/**
 * A `continue` run keeps the message it continues (docs/decisions/1480; docs/spec/workspace.md §3, docs/spec/tool-system.md §2,
 * docs/spec/agent-runtime.md §9 generationType `continue`). When the workspace is initialized, the target message's current
 * text is written to the messageBody artifact (`output/main.md` or the profile's path) as a runtime
 * write — journaled as `workspace_file_written {invocationId, path, mode: "replace", chars, words,
 * sha256, source: "continue_seed", messageId}` and recorded as fully known to the root invocation's
 * read-state, so the model may append, patch or replace the file without reading it first. The
 * system message gets a note (continuationNote) that the text is already in the file and must be
 * kept. A commit (replace, or the first append) then yields original + continuation. Other
 * generation types, or a target with blank text, write nothing.
 */
import { writeRuntimeFile } from "../../../workspace";
import type { StepContext } from "../context";

/**
 * Seeds the messageBody artifact of a continue run with the target message's text.
 * @returns the seeded path, or null when nothing was written (not a continue run, blank text).
 * @throws AppError `chat.message_not_found` (the target was deleted; the run fails visibly),
 *   `workspace.write_too_large`, `workspace.run_closed`.
 */
export async function seedContinuedMessage(ctx: StepContext): Promise<string | null> {
  const { deps, run, state } = ctx;
  if (run.generationType !== "continue" || state.target.kind !== "replace" || !state.target.messageId) return null;
  const message = deps.chats.getMessage(run.stableChatId, state.target.messageId);
  if (message.text.trim().length === 0) return null;
  const path = ctx.profile().messageBodyPath;
  const written = await writeRuntimeFile(deps.workspace, ctx.runId, path, message.text, {
    knownTo: [state.invocationId],
  });
  ctx.emit("workspace_file_written", {
    invocationId: state.invocationId,
    path: written.path,
    mode: "replace",
    chars: written.chars,
    words: written.words,
    sha256: written.sha256,
    source: "continue_seed",
    messageId: message.messageId,
  });
  return written.path;
}

/** The system-message note of a continue run whose text was seeded into `path`. */
export function continuationNote(path: string): string {
  return [
    "This run continues the last assistant message of the chat instead of writing a new one.",
    `Its current text is already in ${path} (you know its full content; no need to read it first). Keep that text exactly as it is and add the continuation after it:`,
    `append with workspace_write_file mode "append" (or edit ${path} so that it still starts with the original text), then commit it with workspace_commit. Whatever ${path} holds when you commit replaces the message, so never write only the new part with a replace write.`,
  ].join("\n");
}
