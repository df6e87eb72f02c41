/**
 * Port: encryption of secrets at rest (docs/spec/hosted.md §4): MCP header values, endpoint userinfo,
 * provider API keys. Envelopes are AES-GCM `{kid, iv, ct}` (base64) under a key derived from the
 * DATA_KEY Worker secret; `aad` binds an envelope to its owner (e.g. "mcp:<registrationId>:headers").
 */

/** An encrypted secret as stored. `kid` names the key generation (first 16 hex of a key digest). */
export interface SealedSecret {
  kid: string;
  iv: string;
  ct: string;
}

export interface SecretCipher {
  /** False when no usable DATA_KEY is configured. */
  readonly available: boolean;
  /** Encrypts `plaintext`. Raises AppError `secrets.key_unavailable` (no key). */
  seal(plaintext: string, aad: string): Promise<SealedSecret>;
  /**
   * Decrypts an envelope. Raises `secrets.key_mismatch` when the envelope was sealed under another
   * key (kid differs or authentication fails) and `secrets.key_unavailable` when no key is set.
   */
  open(sealed: SealedSecret, aad: string): Promise<string>;
  /** HMAC-SHA256 (hex, 64 chars) of `text` under a derived key; `secrets.key_unavailable` without a key. */
  digest(text: string): Promise<string>;
}
