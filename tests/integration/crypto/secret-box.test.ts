import { describe, expect, it } from "vitest";
import { SecretBox } from "../../../src/adapters/crypto/secret-box";

const KEY_A = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => i)));
const KEY_B = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => 255 - i)));

describe("SecretBox", () => {
  it("round-trips a secret and never stores plaintext", async () => {
    const box = new SecretBox(KEY_A);
    const sealed = await box.seal("Bearer sk-secret-123", "mcp:x:headers");
    expect(JSON.stringify(sealed)).not.toContain("sk-secret-123");
    expect(await box.open(sealed, "mcp:x:headers")).toBe("Bearer sk-secret-123");
  });

  it("refuses another owner's envelope (aad) and another key (kid) with secrets.key_mismatch", async () => {
    const sealed = await new SecretBox(KEY_A).seal("v", "a");
    await expect(new SecretBox(KEY_A).open(sealed, "b")).rejects.toMatchObject({ code: "secrets.key_mismatch" });
    await expect(new SecretBox(KEY_B).open(sealed, "a")).rejects.toMatchObject({ code: "secrets.key_mismatch" });
  });

  it("without a usable key: secrets.key_unavailable, never plaintext", async () => {
    for (const key of [undefined, "", "not-base64!", btoa("short")]) {
      const box = new SecretBox(key);
      expect(box.available).toBe(false);
      await expect(box.seal("v", "a")).rejects.toMatchObject({ code: "secrets.key_unavailable" });
    }
  });

  it("digest is keyed: same text, different keys → different digests", async () => {
    const a = await new SecretBox(KEY_A).digest("https://host/mcp");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await new SecretBox(KEY_A).digest("https://host/mcp")).toBe(a);
    expect(await new SecretBox(KEY_B).digest("https://host/mcp")).not.toBe(a);
  });
});
