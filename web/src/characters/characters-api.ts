/**
 * The character routes (docs/api.md "Characters"). JSON routes go through the ApiClient; the card
 * upload (the File itself is the body), the avatar (fetched with the token, shown from a blob URL)
 * and exports are raw requests (api/raw-request.ts `send`). Errors are ApiErrors with the
 * server's codes (`character.png_no_card`, `character.card_too_large`, `worldinfo.invalid_regex`, …).
 */
import type { ApiClient } from "../api/client";
import { dispositionFileName, send } from "../api/raw-request";
import { saveBlob } from "../components/save-file";
import type { Chat } from "../chats/types";
import type { Services } from "../state/services";
import type { CharacterList, CharacterView } from "./types";

const at = (id: string) => `/characters/${encodeURIComponent(id)}`;

export interface CharactersApi {
  list(): Promise<CharacterList>;
  get(id: string): Promise<CharacterView>;
  create(data: Record<string, unknown>): Promise<CharacterView>;
  update(id: string, data: Record<string, unknown>, ifRevision: number): Promise<CharacterView>;
  remove(id: string): Promise<{ id: string; deleted: true }>;
  /** A new chat with the character: linked, its greeting posted. */
  startChat(id: string, title: string): Promise<Chat>;
  /** Links (or with null unlinks) a chat's character. */
  linkChat(chatId: string, characterId: string | null): Promise<Chat>;
}

export function charactersApi(api: ApiClient): CharactersApi {
  return {
    list: () => api.get("/characters"),
    get: (id) => api.get(at(id)),
    create: (data) => api.post("/characters", { data }),
    update: (id, data, ifRevision) => api.patch(at(id), { data, ifRevision }),
    remove: (id) => api.del(at(id)),
    startChat: (id, title) => api.post("/chats", { title, characterId: id }),
    linkChat: (chatId, characterId) => api.patch(`/chats/${encodeURIComponent(chatId)}`, { characterId }),
  };
}

/**
 * Uploads a card file (PNG or JSON; the server reads which from the bytes) as a new character.
 * `copy`: import it even when the same card is already in the library (else `character.import_duplicate`).
 */
export async function importCardFile(services: Services, file: File, copy = false): Promise<CharacterView> {
  const json = /\.json$/i.test(file.name) || file.type === "application/json";
  const response = await send(services, `/characters/import${copy ? "?onDuplicate=copy" : ""}`, {
    method: "POST",
    body: file,
    headers: { "content-type": json ? "application/json" : "image/png" },
  });
  return (await response.json()) as CharacterView;
}

/** The avatar as a blob URL (the caller revokes it). */
export async function avatarUrl(services: Services, id: string): Promise<string> {
  const response = await send(services, `${at(id)}/avatar`, { method: "GET" });
  return URL.createObjectURL(await response.blob());
}

/** Replaces the avatar with `png` (a PNG Blob, see avatar-picture.ts); the character as it is now. */
export async function uploadAvatar(services: Services, id: string, png: Blob): Promise<CharacterView> {
  const response = await send(services, `${at(id)}/avatar`, {
    method: "PUT",
    body: png,
    headers: { "content-type": "image/png" },
  });
  return (await response.json()) as CharacterView;
}

/** Downloads the card as PNG (both chunks) or JSON (V3, or V2). */
export async function exportCard(
  services: Services,
  id: string,
  format: "png" | "json",
  spec: "v3" | "v2" = "v3",
): Promise<void> {
  const response = await send(services, `${at(id)}/export?format=${format}&spec=${spec}`, { method: "GET" });
  saveBlob(
    await response.blob(),
    dispositionFileName(response.headers.get("content-disposition"), `character.${format}`),
  );
}
