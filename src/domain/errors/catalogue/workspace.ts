/** `workspace.*` error codes (docs/spec/workspace.md, docs/spec/tool-system.md §2): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const WORKSPACE_CODES = {
  "workspace.checkpoint_not_found": { status: 404, message: "Run … has no checkpoint …." },
  "workspace.checkpoint_reason_invalid": { status: 400, message: "Unknown checkpoint reason …." },
  "workspace.commit_mode_invalid": { status: 400, message: 'Mode must be "replace" or "append", not ….' },
  "workspace.file_not_found": { status: 404, message: "Does not exist; this run has no workspace yet." },
  "workspace.invalid_artifact": { status: 400, message: "The message body artifact path is not usable." },
  "workspace.invalid_char_range": { status: 400, message: "Start_char is 0-based and max_chars must be at least 1." },
  "workspace.invalid_line_range": { status: 400, message: "Start_line is 1-based and line_count must be at least 1." },
  "workspace.invalid_path": { status: 400, message: "The file path is not valid percent-encoding." },
  "workspace.invalid_roots": { status: 400, message: "At least one workspace root must be visible." },
  "workspace.list_depth_too_large": { status: 413, message: "Depth … is too large; the maximum is …." },
  "workspace.mixed_read_range": {
    status: 400,
    message: "Use either a line range (start_line, line_count) or a char range (start_char, max_chars), not both.",
  },
  "workspace.not_found": { status: 404, message: "Run … has no workspace." },
  "workspace.patch_empty_old_string": {
    status: 400,
    message: "Old_string must not be empty; copy the exact text to replace from the file.",
  },
  "workspace.patch_no_change": { status: 400, message: "Old_string and new_string are identical; nothing to change." },
  "workspace.patch_old_string_not_found": {
    status: 404,
    message: "Old_string was not found in …; copy it exactly from the file.",
  },
  "workspace.patch_old_string_not_unique": {
    status: 400,
    message: "Old_string occurs … times in …; include more surrounding text to make it unique, or set replace_all.",
  },
  "workspace.patch_requires_full_read": {
    status: 400,
    message: "Replace_all needs a full read of …; read the whole file first.",
  },
  "workspace.patch_requires_read": { status: 400, message: "Read … with workspace_read_file before patching it." },
  "workspace.patch_stale_file": { status: 400, message: "Changed while it was being patched; read it again." },
  "workspace.path_is_directory": { status: 400, message: "This is a directory; give a file path such as …/notes.md." },
  "workspace.path_not_found": { status: 404, message: "Does not exist; list a parent directory to see what is there." },
  "workspace.path_not_visible": { status: 400, message: "This is outside the visible workspace roots." },
  "workspace.path_not_writable": { status: 400, message: "This is not in a writable workspace root." },
  "workspace.persist_already_projected": {
    status: 409,
    message: "The persistent state of run … was already projected.",
  },
  "workspace.persist_conflict": {
    status: 409,
    message: "This was also changed by run …, which finished first from the same persistent state.",
  },
  "workspace.persist_not_projected": { status: 400, message: "Run … never projected its persistent state." },
  "workspace.persist_state_not_found": { status: 404, message: "Persistent state … does not exist for this chat." },
  "workspace.read_char_count_too_large": {
    status: 413,
    message: "Max_chars … is too large; read at most … chars at once.",
  },
  "workspace.read_line_count_too_large": {
    status: 413,
    message: "Line_count … is too large; read at most … lines at once.",
  },
  "workspace.read_too_large": {
    status: 413,
    message:
      "This is … bytes, more than the … bytes a whole-file read returns; read it by line range (start_line, line_count) or char range (start_char, max_chars).",
  },
  "workspace.required_artifact_empty": {
    status: 400,
    message: "This is empty; write the message before committing it.",
  },
  "workspace.run_closed": { status: 409, message: "The workspace of run … is …; it no longer changes." },
  "workspace.search_context_too_large": { status: 413, message: "Context_lines … is too large; the maximum is …." },
  "workspace.search_limit_invalid": { status: 400, message: "Limit must be between 1 and …." },
  "workspace.search_limit_too_large": { status: 413, message: "Limit … is too large; the maximum is …." },
  "workspace.storage_corrupt": { status: 500, message: "The content of … is missing from storage." },
  "workspace.write_mode_invalid": { status: 400, message: 'Mode must be "replace" or "append", not ….' },
  "workspace.write_requires_read": {
    status: 400,
    message: "Already exists; read it with workspace_read_file before replacing it.",
  },
  "workspace.write_stale_file": { status: 400, message: "Changed while it was being written; read it again." },
  "workspace.write_too_large": { status: 413, message: "Would be … bytes; the limit is …." },
} as const satisfies Record<`workspace.${string}`, CatalogueEntry>;
