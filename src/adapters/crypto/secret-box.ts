/**
 * SecretBox: AES-256-GCM envelopes and HMAC digests under keys derived (HKDF-SHA-256) from the
 * DATA_KEY Worker secret (32 bytes, base64). Implements ports/secret-cipher (docs/spec/hosted.md §4).
 * Never falls back to plaintext; never logs key material or plaintext.
 */
import { AppError } from "../../domain/errors";
import type { SealedSecret, SecretCipher } from "../../ports/secret-cipher";

const encoder = new TextEncoder();

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

function unavailable(): AppError {
  return new AppError(
    "secrets.key_unavailable",
    "This server has no usable DATA_KEY secret, so it cannot store or read secrets. Set one with `wrangler secret put DATA_KEY` (32 random bytes, base64).",
  );
}

/** Decodes DATA_KEY; null when missing or not 32 bytes of base64. */
export function decodeDataKey(dataKey: string | undefined): Uint8Array<ArrayBuffer> | null {
  if (!dataKey) return null;
  try {
    const bytes = fromBase64(dataKey.trim());
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

interface DerivedKeys {
  kid: string;
  aes: CryptoKey;
  hmac: CryptoKey;
}

async function derive(raw: Uint8Array<ArrayBuffer>): Promise<DerivedKeys> {
  const base = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey", "deriveBits"]);
  const params = (info: string) => ({
    name: "HKDF",
    hash: "SHA-256",
    salt: encoder.encode("tavernedge"),
    info: encoder.encode(info),
  });
  const aes = await crypto.subtle.deriveKey(
    params("secrets/aes-gcm/v1"),
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
  const hmac = await crypto.subtle.deriveKey(
    params("secrets/hmac/v1"),
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
  const kidBits = await crypto.subtle.deriveBits(params("secrets/kid/v1"), base, 64);
  return { kid: toHex(kidBits), aes, hmac };
}

export class SecretBox implements SecretCipher {
  private keys: Promise<DerivedKeys> | null;

  /** @param dataKey the DATA_KEY secret (base64 of 32 bytes) or undefined. */
  constructor(dataKey: string | undefined) {
    const raw = decodeDataKey(dataKey);
    this.keys = raw ? derive(raw) : null;
  }

  get available(): boolean {
    return this.keys !== null;
  }

  async seal(plaintext: string, aad: string): Promise<SealedSecret> {
    const keys = await this.requireKeys();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(aad) },
      keys.aes,
      encoder.encode(plaintext),
    );
    return { kid: keys.kid, iv: toBase64(iv), ct: toBase64(new Uint8Array(ct)) };
  }

  async open(sealed: SealedSecret, aad: string): Promise<string> {
    const keys = await this.requireKeys();
    const mismatch = new AppError(
      "secrets.key_mismatch",
      "A stored secret was encrypted with a different DATA_KEY and cannot be read. Restore the original DATA_KEY or enter the secret again.",
    );
    if (sealed.kid !== keys.kid) throw mismatch;
    try {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: fromBase64(sealed.iv), additionalData: encoder.encode(aad) },
        keys.aes,
        fromBase64(sealed.ct),
      );
      return new TextDecoder().decode(plain);
    } catch {
      throw mismatch;
    }
  }

  async digest(text: string): Promise<string> {
    const keys = await this.requireKeys();
    return toHex(await crypto.subtle.sign("HMAC", keys.hmac, encoder.encode(text)));
  }

  private async requireKeys(): Promise<DerivedKeys> {
    if (!this.keys) throw unavailable();
    return this.keys;
  }
}
