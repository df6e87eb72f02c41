/**
 * HTTP contracts of the character routes (docs/api.md "Characters"; docs/spec/characters.md).
 * Card `data` fields are passed through (unknown fields kept); the service checks the name and
 * the list fields with their own codes.
 */
import { z } from "zod";

/** Largest card file accepted by `POST /characters/import` (PNG or JSON), bytes. */
export const CARD_MAX_BYTES = 8 * 1024 * 1024;

/** Largest avatar PNG accepted by `PUT /characters/:id/avatar`, bytes (it goes into the exported PNG card). */
export const AVATAR_MAX_BYTES = CARD_MAX_BYTES;

const data = z.record(z.string(), z.unknown());

/** `POST /characters/import?onDuplicate=ask|copy`: `copy` imports a card already in the library again (docs/spec/characters.md §2). */
export const importCharacterQuerySchema = z.object({ onDuplicate: z.enum(["ask", "copy"]).optional() });

/** `POST /characters` */
export const createCharacterBodySchema = z.object({ data: data }).strict();

/** `PATCH /characters/:id`: `data` fields replace the card's (shallow); `ifRevision` guards against a stale edit. */
export const updateCharacterBodySchema = z
  .object({ data: data, ifRevision: z.number().int().min(1).optional() })
  .strict();

/** `GET /characters/:id/export?format=png|json&spec=v2|v3` */
export const exportCharacterQuerySchema = z.object({
  format: z.enum(["png", "json"]).default("png"),
  spec: z.enum(["v2", "v3"]).default("v3"),
});

/** `POST /chats` with a library character. */
export const characterChatBodySchema = z.object({ characterId: z.string().min(1).max(64) });
