/**
 * String order by Unicode code points: the order SQLite's default BINARY collation gives TEXT
 * (its UTF-8 bytes compared), which JavaScript's `<` and default sort (UTF-16 units) do not give
 * once a string holds a character above U+FFFF. Workspace paths sorted in JavaScript use it (a
 * checkpoint's changed files and its rebuilt map, diffs, the list-files tool), so every list of a
 * run's files comes out in the one order `ORDER BY path` gives the live files
 * (docs/spec/workspace.md §2).
 */

/**
 * Negative when `a` sorts before `b`, positive after, 0 when equal; by code point, then length.
 * Examples: `"a" < "b"`, `"\uE000" < "😀"` (UTF-16 units would say the opposite).
 */
export function compareCodePoints(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate starts a code point above U+FFFF: after every other UTF-16 unit.
    const astralX = x >= 0xd800 && x <= 0xdfff;
    const astralY = y >= 0xd800 && y <= 0xdfff;
    if (astralX !== astralY) return astralX ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
