/**
 * Error envelopes in the reader's language (docs/spec/i18n.md "Errors"). The `errors` namespace
 * holds one sentence per dotted code (`errors:<code>`, the whole code as one key), with
 * `{{field}}` placeholders filled from the envelope's `details`. The server's own (English)
 * `message` is shown only when the catalogue has no sentence for the code or the sentence needs a
 * detail the envelope lacks: never both, so the reader never sees the same thing twice. The one
 * exception is a model provider's own answer (QUOTES_PROVIDER, `details.providerMessage`): it adds
 * what the translation cannot say, so it stays as a smaller second line, labelled "Provider said".
 */
import { i18n } from "./i18n";

/** What the client knows about a failure: dotted code, the server's (English) message, typed details. */
export interface ErrorLike {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * `primary`: the sentence to show (beside the code); `translated`: false when it is the server's own
 * message; `quoted`: "Provider said: “…”" with `details.providerMessage` (the provider's own words,
 * which no catalogue has) under a translation, only for QUOTES_PROVIDER codes, else null.
 */
export interface LocalizedError {
  code: string;
  primary: string;
  translated: boolean;
  quoted: string | null;
}

/**
 * Codes whose `details.providerMessage` carries the model provider's own answer ("Incorrect API key
 * provided"): the translation says what happened, the quoted words what the provider said.
 */
const QUOTES_PROVIDER = new Set([
  "model.provider_denied",
  "model.provider_rejected",
  "model.provider_rate_limited",
  "model.request_failed",
  "model.stream_failed",
]);

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function detailValue(details: unknown, path: string): unknown {
  let value: unknown = details;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.map(shown).join(i18n.t("common.listSeparator"));
  if (typeof value === "number") return new Intl.NumberFormat(i18n.language).format(value);
  return String(value);
}

/** The sentence template for `code` in the current language (falling back to English), or null. */
export function errorTemplate(code: string): string | null {
  for (const lng of [i18n.language, "en"]) {
    const template = i18n.getResource(lng, "errors", code, { keySeparator: false });
    if (typeof template === "string") return template;
  }
  return null;
}

/**
 * Localizes an error envelope. Placeholders are filled from `details` (dotted paths allowed,
 * arrays joined, numbers formatted per locale); a missing detail makes the server message primary.
 */
export function localizeError(error: ErrorLike): LocalizedError {
  const template = errorTemplate(error.code);
  if (template === null) return { code: error.code, primary: error.message, translated: false, quoted: null };
  let complete = true;
  const text = template.replace(PLACEHOLDER, (_, path: string) => {
    const value = detailValue(error.details, path);
    if (value === undefined || value === null || (typeof value === "object" && !Array.isArray(value))) {
      complete = false;
      return "";
    }
    return shown(value);
  });
  if (!complete) return { code: error.code, primary: error.message, translated: false, quoted: null };
  const said = detailValue(error.details, "providerMessage");
  const quoted =
    QUOTES_PROVIDER.has(error.code) && typeof said === "string" && said.trim() !== ""
      ? i18n.t("common.providerSaid", { text: said.trim() })
      : null;
  return { code: error.code, primary: text, translated: true, quoted };
}

/** The catalogue sentence for `code` without placeholders filled (client-side errors), or the code itself. */
export function errorSentence(code: string): string {
  return errorTemplate(code) ?? code;
}
