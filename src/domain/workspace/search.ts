/**
 * Plain-text search inside one file for workspace.search_files (docs/spec/tool-system.md §2): a
 * case-insensitive phrase match per line; each hit carries `context_lines` lines either side;
 * hits whose windows overlap are merged into one. Pure.
 * Score = occurrences in the line (case-insensitive) + 1 when the exact-case phrase occurs.
 */
import { countChars, countWords } from "./text-metrics";

/** Longest line shown in a snippet, in UTF-16 units (longer lines are cut with "…"). */
export const SNIPPET_MAX_LINE = 1000;

/** docs/spec/tool-system.md §2 search hit. Lines are 1-based inclusive. */
export interface SearchHit {
  path: string;
  score: number;
  startLine: number;
  endLine: number;
  snippet: string;
  chars: number;
  words: number;
  sha256: string;
  ref: string;
}

/** True when the text looks binary (contains NUL). */
export function isBinaryText(text: string): boolean {
  return text.includes("\u0000");
}

function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) n += 1;
  return n;
}

/** Hits of `query` in one file's text. */
export function searchText(
  path: string,
  sha256: string,
  text: string,
  query: string,
  contextLines: number,
): SearchHit[] {
  const lines = text.replace(/\n$/, "").split("\n");
  const needle = query.toLowerCase();
  const windows: Array<{ start: number; end: number; score: number }> = [];
  lines.forEach((line, i) => {
    const count = occurrences(line.toLowerCase(), needle);
    if (count === 0) return;
    const score = count + (line.includes(query) ? 1 : 0);
    const lineNo = i + 1;
    const last = windows[windows.length - 1];
    if (last && lineNo - contextLines <= last.end) {
      last.score += score;
      last.end = Math.min(lines.length, Math.max(last.end, lineNo + contextLines));
    } else {
      windows.push({
        start: Math.max(1, lineNo - contextLines),
        end: Math.min(lines.length, lineNo + contextLines),
        score,
      });
    }
  });
  return windows.map(({ start, end, score }) => {
    const snippet = lines
      .slice(start - 1, end)
      .map((line) => (line.length > SNIPPET_MAX_LINE ? `${line.slice(0, SNIPPET_MAX_LINE)}…` : line))
      .join("\n");
    return {
      path,
      score,
      startLine: start,
      endLine: end,
      snippet,
      chars: countChars(snippet),
      words: countWords(snippet),
      sha256,
      ref: `workspace:${path}#L${start}-L${end}`,
    };
  });
}
