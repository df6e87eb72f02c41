/**
 * A message's text rendered as SillyTavern renders it: Markdown, `*actions*` in italics, quoted
 * speech highlighted, code blocks; sanitized so nothing in it runs (markdown.ts). Memoized per text.
 */
import { memo, useMemo } from "react";
import { renderMarkdown } from "./markdown";

export const MessageBody = memo(function MessageBody({ text, streaming }: { text: string; streaming?: boolean }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return (
    <div
      className={`message-text md${streaming ? " streaming" : ""}`}
      data-testid="message-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify in renderMarkdown (ADR 2100)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
