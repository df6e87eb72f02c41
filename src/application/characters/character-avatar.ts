/**
 * A character's avatar replaced by an uploaded picture (docs/spec/characters.md §3): the
 * body is a PNG (the web client turns a JPEG or WebP into one first), kept without any card chunks
 * it carries (an exported card's picture would otherwise hold a stale copy of the card), stored as
 * blob chunks. The card's revision does not change (the picture is not card text, so an edit open
 * on another device still saves); `updatedAt` and `avatarSha256` do, and `character.changed` tells
 * every device.
 *
 * Errors: `character.not_found` (404), `character.png_invalid` (400, not a whole PNG),
 * `character.avatar_too_large` (413, over 8 MiB).
 */
import type { CharacterView } from "../../contracts/character-views";
import { AppError } from "../../domain/errors";
import { sha256Hex } from "../../domain/ids";
import { CARD_FILE_MAX_BYTES } from "./card-import";
import { characterChanged, requireCharacter, type LibraryDeps } from "./library-deps";
import { toCharacterView } from "./views";

/** Largest avatar PNG, bytes (the card file limit: the avatar goes into the exported PNG card). */
export const AVATAR_MAX_BYTES = CARD_FILE_MAX_BYTES;

/** Replaces the avatar of character `id` with `png`; the character's view with the new `avatarSha256`. */
export async function setCharacterAvatar(deps: LibraryDeps, id: string, png: Uint8Array): Promise<CharacterView> {
  requireCharacter(deps, id);
  if (png.byteLength > AVATAR_MAX_BYTES)
    throw new AppError("character.avatar_too_large", "The picture is larger than 8 MiB.", {
      maxBytes: AVATAR_MAX_BYTES,
    });
  const { image } = deps.codec.read(png);
  const sha256 = await sha256Hex(image as Uint8Array<ArrayBuffer>);
  // Read again after the await: the character may have changed or gone meanwhile.
  const current = requireCharacter(deps, id);
  const next = { ...current, avatar: { bytes: image.byteLength, sha256 }, updatedAt: deps.clock.now() };
  deps.repo.transaction(() => {
    deps.repo.characters.putAvatar(id, image, sha256);
    deps.repo.characters.update(next);
  });
  characterChanged(deps, id);
  return toCharacterView(next);
}
