/**
 * Passphrase encryption of an archive's secrets (docs/spec/data-portability.md §2,
 * docs/decisions/2701-archive-secrets-pbkdf2.md): WebCrypto PBKDF2-SHA-256 (600,000 iterations,
 * 16-byte random salt) derives an AES-256-GCM key; the 12-byte random IV and every parameter are
 * written next to the ciphertext, so any WebCrypto implementation can decrypt it with the
 * passphrase alone. Memory-hard KDFs (scrypt, Argon2) at their recommended settings need more
 * memory than a Worker has, and WebCrypto offers none.
 *
 * Errors: `data.passphrase_wrong` (authentication failed: wrong passphrase or altered file),
 * `data.archive_invalid` (parameters unreadable or unsupported).
 */
import { AppError } from "../../domain/errors";
import type { EncryptedSecrets } from "../../domain/data/archive-format";
import { DATA_LIMITS } from "../../domain/data/limits";

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function keyFrom(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(passphrase), "PBKDF2", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Encrypts `plaintext` (UTF-8) under `passphrase`; returns the parameters and the ciphertext. */
export async function encryptWithPassphrase(plaintext: string, passphrase: string): Promise<EncryptedSecrets> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const iterations = DATA_LIMITS.pbkdf2Iterations;
  const key = await keyFrom(passphrase, salt, iterations);
  const ciphertext = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(plaintext));
  return {
    kdf: { name: "PBKDF2", hash: "SHA-256", iterations, salt: toBase64(salt) },
    cipher: { name: "AES-GCM", length: 256, iv: toBase64(iv) },
    ciphertext: toBase64(new Uint8Array(ciphertext)),
  };
}

/** Decrypts `secrets` with `passphrase`. Iterations are accepted from 100,000 to 10,000,000. */
export async function decryptWithPassphrase(secrets: EncryptedSecrets, passphrase: string): Promise<string> {
  const unsupported = () =>
    new AppError("data.archive_invalid", "The archive's secrets use parameters this server does not support.");
  if (
    secrets?.kdf?.name !== "PBKDF2" ||
    secrets.kdf.hash !== "SHA-256" ||
    secrets.cipher?.name !== "AES-GCM" ||
    !Number.isInteger(secrets.kdf.iterations) ||
    secrets.kdf.iterations < 100_000 ||
    secrets.kdf.iterations > 10_000_000
  )
    throw unsupported();
  let salt: Uint8Array<ArrayBuffer>;
  let iv: Uint8Array<ArrayBuffer>;
  let data: Uint8Array<ArrayBuffer>;
  try {
    salt = fromBase64(secrets.kdf.salt);
    iv = fromBase64(secrets.cipher.iv);
    data = fromBase64(secrets.ciphertext);
  } catch {
    throw unsupported();
  }
  const key = await keyFrom(passphrase, salt, secrets.kdf.iterations);
  try {
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, data));
  } catch {
    throw new AppError(
      "data.passphrase_wrong",
      "The passphrase does not open this archive's secrets (or the file was altered). Nothing was imported.",
    );
  }
}
