/**
 * `Content-Disposition` for a download (RFC 6266 §4.3 with RFC 8187 `filename*`): the exact name
 * (Chinese and any other Unicode) as `filename*=UTF-8''…`, which every current browser prefers, and
 * a printable-ASCII `filename="…"` for older clients: non-ASCII characters dropped, `"` and `\`
 * replaced, and `fallbackStem` put in front when nothing of the name's stem is left
 * (`艾莉.v2.json` → `character.v2.json`). Used by every export route (docs/api.md).
 */
export function contentDisposition(
  fileName: string,
  options: { type?: "attachment" | "inline"; fallbackStem?: string } = {},
): string {
  const ascii = fileName
    .replace(/[^\x20-\x7e]+/g, "")
    .replace(/["\\]/g, "_")
    .trim();
  const fallback = ascii === "" || ascii.startsWith(".") ? `${options.fallbackStem ?? "download"}${ascii}` : ascii;
  return `${options.type ?? "attachment"}; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

/** RFC 8187 `value-chars`: percent-encoded UTF-8 outside `attr-char` (encodeURIComponent leaves `'()*!` as they are). */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
