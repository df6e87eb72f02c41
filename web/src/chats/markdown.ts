/**
 * Message text → safe HTML, as SillyTavern renders it (docs/spec/web-chat.md §2; ADR 2100):
 * Markdown by `marked` (GFM, single line breaks kept), then DOMPurify with a short allow-list, so
 * text from the server or a model never runs anything (no scripts, event handlers, styles, forms,
 * frames). Then, on the sanitized DOM:
 * - "quoted speech" (straight or curly double quotes, and 「」) is wrapped in `<span class="md-quote">`
 *   outside code, as SillyTavern colours dialogue; `*actions*` are Markdown italics already;
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
const QUOTE = /"[^"\n]+"|“[^”\n]+”|「[^」\n]+」/g;

/** Sanitized HTML of a message's Markdown text. */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text) as string;
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

/** Wraps quoted speech in text nodes outside `code`/`pre` in `<span class="md-quote">` (quote marks kept). */
function wrapQuotes(root: DocumentFragment): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest("code, pre, a") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const targets: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    QUOTE.lastIndex = 0;
    if (QUOTE.test((node as Text).data)) targets.push(node as Text);
  }
  for (const node of targets) {
    const data = node.data;
    const parts = document.createDocumentFragment();
    let at = 0;
    QUOTE.lastIndex = 0;
    for (let match = QUOTE.exec(data); match; match = QUOTE.exec(data)) {
      if (match.index > at) parts.append(data.slice(at, match.index));
      const q = document.createElement("span");
      q.className = "md-quote";
      q.textContent = match[0];
      parts.append(q);
      at = match.index + match[0].length;
    }
    if (at < data.length) parts.append(data.slice(at));
    node.replaceWith(parts);
  }
}
