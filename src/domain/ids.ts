/**
 * Random identifiers and secrets from the platform CSPRNG (WebCrypto, present in workerd and Node).
 */

/** base64url (no padding) of `bytes`. */
export function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A fresh secret of `byteLength` random bytes (default 32 = 256 bits), base64url. */
export function randomSecret(byteLength = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** A fresh user id: 32 lower-case hex chars (a v4 UUID without dashes). */
export function newUserId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** Lower-case hex of SHA-256(text), 64 chars. */
export async function sha256Hex(text: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const data = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Constant-time equality of two equal-length strings (different lengths → false at once). */
export function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
