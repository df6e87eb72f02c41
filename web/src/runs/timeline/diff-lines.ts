/**
 * The lines of a unified diff text (the workspace diff route's `diff`, docs/spec/workspace.md §2)
 * as the run page draws them: the `---`/`+++` file headers dropped, each line with its kind.
 */

/** One drawn line: a hunk header, an added, a deleted or a context line. */
export interface DiffLine {
  kind: "hunk" | "add" | "del" | "ctx";
  text: string;
}

/**
 * `text`'s lines; a final newline ends the last line and is not an empty line of its own. Only the
 * `---`/`+++` lines before the first hunk are file headers: an added line whose text starts with
 * `++` is drawn like any other.
 */
export function diffLines(text: string): DiffLine[] {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  if (body === "") return [];
  const lines: DiffLine[] = [];
  let inHunks = false;
  for (const line of body.split("\n")) {
    if (line.startsWith("@@")) inHunks = true;
    else if (!inHunks && (line.startsWith("---") || line.startsWith("+++"))) continue;
    lines.push({
      kind: line.startsWith("@@") ? "hunk" : line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "ctx",
      text: line,
    });
  }
  return lines;
}
