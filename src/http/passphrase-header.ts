/**
 * Reads the `TavernEdge-Passphrase` header (docs/spec/data-portability.md §2). A value starting
 * with `UTF-8''` is an RFC 8187 ext-value: the rest is percent-encoded UTF-8 (how the web client
 * sends any passphrase, since browsers refuse non-ASCII header values). Any other value is the
 * passphrase verbatim, so `curl -H 'TavernEdge-Passphrase: ascii words'` keeps working.
 */
import { PASSPHRASE_EXT_PREFIX } from "../contracts/data";
import { AppError } from "../domain/errors";

/**
 * What may follow `UTF-8''`: %XX escapes and visible ASCII other than `%`. RFC 8187's attr-char is
 * stricter; `'()*` (left unescaped by encodeURIComponent) are accepted too.
 */
const EXT_VALUE = /^(?:[!-$&-~]|%[0-9A-Fa-f]{2})*$/;

/**
 * The passphrase a header value carries; `undefined` for a missing or empty header.
 * Throws `data.passphrase_encoding` (400) for a `UTF-8''` value that is not percent-encoded UTF-8.
 */
export function decodePassphraseHeader(value: string | undefined): string | undefined {
  if (!value) return undefined;
  // RFC 8187: the charset name is case-insensitive.
  if (value.slice(0, PASSPHRASE_EXT_PREFIX.length).toUpperCase() !== PASSPHRASE_EXT_PREFIX) return value;
  const encoded = value.slice(PASSPHRASE_EXT_PREFIX.length);
  const invalid = () =>
    new AppError(
      "data.passphrase_encoding",
      "The passphrase header starts with UTF-8'' but the rest is not percent-encoded UTF-8 (RFC 8187).",
    );
  if (!EXT_VALUE.test(encoded)) throw invalid();
  try {
    // Throws URIError for escapes that are not UTF-8 (what `fatal` decoding refuses).
    return decodeURIComponent(encoded) || undefined;
  } catch {
    throw invalid();
  }
}
