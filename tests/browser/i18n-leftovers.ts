/**
 * "No English left on this screen", checked against the catalogue: every English catalogue text
 * that differs from its zh-CN translation becomes a pattern (placeholders match anything, `<tag>`
 * markup splits it into fragments); the page's text nodes and spoken attributes (aria-label,
 * title, placeholder, alt) must match none of them. The server's own message of an error the
 * catalogue has no sentence for (data-testid="error-server-message") is English by design and is skipped, and so is data the user
 * typed or imported (`data-user-text`, e.g. a message's speaker name "User", SillyTavern's default).
 */
import type { Page } from "playwright-core";
import { RESOURCES } from "../../web/src/i18n/locales";

function flatten(value: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out[full] = child;
    else Object.assign(out, flatten(child, full));
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One pattern per English fragment whose translation differs: `[key, regex source]`. */
export function englishPatterns(): Array<[string, string]> {
  const en = { ...flatten(RESOURCES.en.translation), ...RESOURCES.en.errors };
  const zh = { ...flatten(RESOURCES["zh-CN"].translation), ...RESOURCES["zh-CN"].errors } as Record<string, string>;
  const out: Array<[string, string]> = [];
  for (const [key, text] of Object.entries(en)) {
    const base = key.replace(/_(one|other)$/, "");
    const translated = zh[key] ?? zh[`${base}_other`];
    if (translated === text) continue;
    for (const fragment of text.split(/<\/?\w+\s*\/?>/)) {
      const literal = fragment.replace(/\{\{[^}]*\}\}/g, "").trim();
      // Only fragments with a real English word are telling (not "·", "()" or a lone placeholder).
      if (!/[A-Za-z]{2,}/.test(literal)) continue;
      // Kept as is in the translation too (a URL, a code sample): not a leftover.
      if (translated?.includes(fragment.trim())) continue;
      const source = fragment
        .trim()
        .split(/\{\{[^}]*\}\}/)
        .map(escapeRegExp)
        .join(".*?");
      out.push([key, `^${source}$`]);
    }
  }
  return out;
}

/** The English catalogue texts visible on `page` now, as `key: text` (empty when the screen is fully translated). */
export async function englishLeftovers(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const skip = (el: Element | null) => el?.closest("[data-testid=error-server-message], [data-user-text]") !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, " ").trim() ?? "";
      if (text !== "" && !skip(node.parentElement)) found.push(text);
    }
    for (const el of Array.from(document.querySelectorAll("[aria-label],[title],[placeholder],[alt]"))) {
      if (skip(el)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    return found;
  });
  const patterns = englishPatterns().map(([key, source]) => [key, new RegExp(source, "s")] as const);
  const left: string[] = [];
  for (const text of new Set(texts))
    for (const [key, pattern] of patterns) if (pattern.test(text)) left.push(`${key}: ${text}`);
  return left;
}
