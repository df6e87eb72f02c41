/**
 * Message text → safe HTML, as SillyTavern renders it (docs/spec/web-chat.md §2; ADR 2100):
 * Markdown by `marked` (GFM, single line breaks kept), then DOMPurify with a short allow-list, so
 * text from the server or a model never runs anything (no scripts, event handlers, styles, forms,
 * frames). Then, on the sanitized DOM:
 * - "quoted speech" (straight or curly double quotes, and 「」) is wrapped in `<span class="md-quote">`
 *   outside code, also across `**bold**` inside it; `*actions*` are Markdown italics already;
 * - links open in a new tab with `rel="noopener noreferrer nofollow"`;
 * - an image is kept only when it is a `data:image/…` URL (the page's CSP allows no other
 *   origin); any other image becomes a link to its address, named by its alt text.
 * Pure function of the text (memoized per text by the caller).
 */
import DOMPurify from "dompurify";
import { Marked } from "marked";

const marked = new Marked({ gfm: true, breaks: true, async: false });

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "em",
  "strong",
  "b",
  "i",
  "del",
  "s",
  "u",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "a",
  "img",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
  "q",
  "sup",
  "sub",
  "details",
  "summary",
  "small",
  "mark",
  "kbd",
];
const ALLOWED_ATTR = ["href", "src", "alt", "title", "class", "start", "colspan", "rowspan", "align", "open"];

/** Sanitized HTML of a message's Markdown text. */
export function renderMarkdown(text: string): string {
  const html = (marked.parse(text) as string).trim();
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  }) as DocumentFragment;
  for (const link of fragment.querySelectorAll("a")) {
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer nofollow");
  }
  for (const image of fragment.querySelectorAll("img")) {
    const src = image.getAttribute("src") ?? "";
    if (/^data:image\//i.test(src)) continue;
    const link = document.createElement("a");
    link.textContent = image.getAttribute("alt") || src || "image";
    if (/^https?:\/\//i.test(src)) {
      link.href = src;
      link.target = "_blank";
      link.rel = "noopener noreferrer nofollow";
    }
    link.className = "md-image-link";
    image.replaceWith(link);
  }
  wrapQuotes(fragment);
  const holder = document.createElement("div");
  holder.appendChild(fragment);
  return holder.innerHTML;
}

const OPENS: Record<string, string> = { '"': '"', "“": "”", "「": "」" };
const BLOCKS = "p, li, td, th, h1, h2, h3, h4, h5, h6, summary";

/**
 * Wraps quoted speech in `<span class="md-quote">` (quote marks kept), as SillyTavern colours
 * dialogue. Quotes are tracked per block through its text in document order, so a quote that spans
 * `**bold**` is coloured whole; text inside `code`, `pre` and links is left alone; a quote left
 * open at the end of its block ends there.
 */
function wrapQuotes(root: DocumentFragment): void {
  for (const block of root.querySelectorAll(BLOCKS)) {
    if (block.querySelector(BLOCKS)) continue; // the innermost blocks only (a li holding a p)
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest("code, pre, a") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    let closer: string | null = null;
    for (const node of nodes) {
      const data = node.data;
      const pieces: Array<{ text: string; quoted: boolean }> = [];
      let start = 0;
      for (let i = 0; i < data.length; i++) {
        const ch = data[i]!;
        if (closer === null && ch in OPENS) {
          if (i > start) pieces.push({ text: data.slice(start, i), quoted: false });
          start = i;
          closer = OPENS[ch]!;
        } else if (closer !== null && ch === closer) {
          pieces.push({ text: data.slice(start, i + 1), quoted: true });
          start = i + 1;
          closer = null;
        }
      }
      if (start < data.length) pieces.push({ text: data.slice(start), quoted: closer !== null });
      if (!pieces.some((piece) => piece.quoted)) continue;
      const out = document.createDocumentFragment();
      for (const piece of pieces) {
        if (!piece.quoted) {
          out.append(piece.text);
          continue;
        }
        const span = document.createElement("span");
        span.className = "md-quote";
        span.textContent = piece.text;
        out.append(span);
      }
      node.replaceWith(out);
    }
  }
}
