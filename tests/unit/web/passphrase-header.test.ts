/**
 * The web client's `TavernEdge-Passphrase` value is ASCII for any passphrase and the server reads
 * it back exactly (docs/spec/data-portability.md §2).
 */
import { describe, expect, it } from "vitest";
import { decodePassphraseHeader } from "../../../src/http/passphrase-header";
import { passphraseHeaderValue } from "../../../web/src/settings/data-api";

describe("passphrase header", () => {
  it.each(["冰龙的秘密口令123", "冰龍的祕密口令 with spaces", "it's (very) *secret* 100% ~", "emoji 🐉 and ñ"])(
    "round-trips %s through printable ASCII",
    (passphrase) => {
      const value = passphraseHeaderValue(passphrase);
      expect(value).toMatch(/^UTF-8''[\x21-\x7e]*$/);
      expect(decodePassphraseHeader(value)).toBe(passphrase);
    },
  );

  it("takes a value without the prefix verbatim and refuses a broken encoding", () => {
    expect(decodePassphraseHeader("plain ascii words")).toBe("plain ascii words");
    expect(decodePassphraseHeader(undefined)).toBeUndefined();
    for (const broken of ["UTF-8''%E5%86", "UTF-8''%G1", "UTF-8''a b", "UTF-8''%FF"])
      expect(() => decodePassphraseHeader(broken), broken).toThrow(
        expect.objectContaining({ code: "data.passphrase_encoding" }),
      );
  });
});
