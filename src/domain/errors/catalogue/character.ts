/** `character.*` error codes (docs/spec/characters.md): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const CHARACTER_CODES = {
  "character.not_found": { status: 404, message: "This character does not exist (it may have been deleted)." },
  "character.card_invalid": { status: 400, message: "This file is not a character card SillyTavern can read." },
  "character.png_invalid": { status: 400, message: "This file is not a complete PNG image." },
  "character.png_no_card": { status: 400, message: "This PNG image has no character card inside." },
  "character.card_too_large": { status: 413, message: "The character card is larger than 8 MiB." },
  "character.name_invalid": { status: 400, message: "A character needs a name of 1 to 200 characters." },
  "character.revision_conflict": { status: 409, message: "This character was changed on another device." },
  "character.unsupported_media_type": {
    status: 415,
    message: "Send the card file itself as the body, not a form.",
  },
  "character.avatar_not_found": { status: 404, message: "This character has no avatar image." },
  // [polish]: what an imported file really is (docs/spec/characters.md §2 "What the file is").
  "character.file_unsupported": {
    status: 415,
    message: "This file is not a character card. Choose a PNG card or a JSON card file.",
  },
  "character.import_duplicate": {
    status: 409,
    message: "This card is already in your library. Open that character, or import this one as a copy.",
  },
  "character.file_unrecognized": {
    status: 415,
    message: "This file is neither a PNG image nor JSON text, so it cannot be a character card.",
  },
  // [webux]: the avatar upload (PUT /characters/:id/avatar).
  "character.avatar_too_large": { status: 413, message: "The picture is larger than 8 MiB." },
} as const satisfies Record<`character.${string}`, CatalogueEntry>;
