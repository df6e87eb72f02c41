/**
 * `PUT /api/v1/characters/:id/avatar` (docs/api.md "Characters"): a PNG body becomes the avatar
 * (served back byte for byte, card chunks it carried dropped), the card revision stays, every
 * device hears `character.changed`, and the exported PNG card carries the new picture. A file
 * that is not a PNG, one over 8 MiB and an unknown character are refused with their codes,
 * leaving the avatar as it was.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket } from "../helpers";
import { BASE_PNG, cardPng, readPng, v2Card } from "./card-files";

function putAvatar(token: string, id: string, body: Uint8Array, type = "image/png"): Promise<Response> {
  return SELF.fetch(`https://edge.test/api/v1/characters/${id}/avatar`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": type },
    body: body as Uint8Array<ArrayBuffer>,
  });
}

async function avatarBytes(token: string, id: string): Promise<Uint8Array> {
  const response = await api(`/api/v1/characters/${id}/avatar`, { token });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** A new user with one character of `name` (no avatar). */
async function newCharacter(name: string): Promise<{ token: string; created: any }> {
  const { deviceToken: token } = await createUser();
  return {
    token,
    created: await apiJson("/api/v1/characters", { token, body: { data: { name } }, expectStatus: 201 }),
  };
}

describe("character avatar upload", () => {
  it("replaces the picture, keeps the revision, tells every device, and goes into the PNG export", async () => {
    const { token, created } = await newCharacter("Seraphina");
    expect(created.hasAvatar).toBe(false);
    const socket = await openSocket(token);

    // A PNG that still carries a card: the picture is kept, the card chunks are not.
    const response = await putAvatar(token, created.id, cardPng({ chara: v2Card("Someone else") }));
    expect(response.status).toBe(200);
    const view = (await response.json()) as any;
    expect(view.hasAvatar).toBe(true);
    expect(view.avatarSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(view.revision).toBe(created.revision);
    expect(view.name).toBe("Seraphina");
    await socket.waitFor((f) => f.type === "character.changed" && f.characterId === created.id);

    const stored = await avatarBytes(token, created.id);
    expect(readPng(stored).cards).toEqual({});
    expect(readPng(stored).comments).toEqual(["Comment=made in a test"]);
    expect(readPng(stored).chunkNames).toContain("IDAT");
    const exported = await api(`/api/v1/characters/${created.id}/export?format=png`, { token });
    const card = readPng(new Uint8Array(await exported.arrayBuffer()));
    expect(card.cards.chara.data.name).toBe("Seraphina");
    const listed = await apiJson("/api/v1/characters", { token });
    expect(listed.characters[0].avatarSha256).toBe(view.avatarSha256);
    socket.ws.close();
  });

  it("refuses a JPEG, a file over 8 MiB and an unknown character, keeping the avatar", async () => {
    const { token, created } = await newCharacter("Aria");
    expect((await putAvatar(token, created.id, BASE_PNG)).status).toBe(200);

    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
    const notPng = await putAvatar(token, created.id, jpeg, "image/jpeg");
    expect(notPng.status).toBe(400);
    expect(((await notPng.json()) as any).error.code).toBe("character.png_invalid");

    const huge = await putAvatar(token, created.id, new Uint8Array(8 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as any).error.code).toBe("character.avatar_too_large");

    const missing = await putAvatar(token, "chr_missing", BASE_PNG);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as any).error.code).toBe("character.not_found");

    expect(await avatarBytes(token, created.id)).toEqual(BASE_PNG);
  });
});
