/**
 * Card import reads what the file is from its bytes (docs/spec/characters.md §2 "What the file
 * is"): a photo or a text file picked by mistake is named as such, with what is accepted, and
 * nothing is written; a PNG card or a JSON card imports whatever content type it was sent with.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";
import { cardPng, v2Card } from "./card-files";

async function upload(token: string, body: Uint8Array | string, type: string) {
  const response = await SELF.fetch("https://edge.test/api/v1/characters/import", {
    method: "POST",
    body: body as BodyInit,
    headers: { "content-type": type, authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The start of a JPEG photo (SOI, JFIF APP0) and some data. */
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xdb, 0x00, 0x43, 0x00, 0x08, 0x06, 0x06, 0x07, 0x06, 0x05, 0x08, 0x07, 0x07, 0x07, 0x09,
]);

describe("character import: what the file is", () => {
  it("a JPEG sent as image/png (what the web client sends) is named a JPEG, not a damaged PNG", async () => {
    const { deviceToken: token } = await createUser();
    const jpeg = await upload(token, JPEG, "image/png");
    expect(jpeg.status).toBe(415);
    expect(jpeg.body.error).toMatchObject({
      code: "character.file_unsupported",
      details: { format: "JPEG", accepted: ["PNG", "JSON"] },
    });
    expect(jpeg.body.error.message).toMatch(/JPEG image, not a character card/);
    const text = await upload(token, "Seraphina: a guardian of the forest.\n", "image/png");
    expect(text.status).toBe(415);
    expect(text.body.error).toMatchObject({ code: "character.file_unsupported", details: { format: "TXT" } });
    const zip = await upload(
      token,
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]),
      "application/json",
    );
    expect(zip.body.error).toMatchObject({ code: "character.file_unsupported", details: { format: "ZIP" } });
    const noise = await upload(token, Uint8Array.from([0x00, 0xff, 0xfe, 0x81, 0x90, 0x00, 0x13, 0x37]), "image/png");
    expect(noise.status).toBe(415);
    expect(noise.body.error.code).toBe("character.file_unrecognized");
    expect((await apiJson("/api/v1/characters", { token, expectStatus: 200 })).characters).toEqual([]);
  });

  it("a PNG card sent as JSON and a JSON card sent as a PNG both import", async () => {
    const { deviceToken: token } = await createUser();
    const fromPng = await upload(token, cardPng({ chara: v2Card() }), "application/json");
    expect(fromPng.status, JSON.stringify(fromPng.body)).toBe(201);
    expect(fromPng.body).toMatchObject({ name: "Seraphina", hasAvatar: true });
    const card = v2Card();
    card.data.name = "Aria";
    const fromJson = await upload(token, JSON.stringify(card), "image/png");
    expect(fromJson.status, JSON.stringify(fromJson.body)).toBe(201);
    expect(fromJson.body).toMatchObject({ name: "Aria", hasAvatar: false });
  });
});
