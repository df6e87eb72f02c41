/** Character records → their API views (docs/api.md "Characters"), and a chat's character summary. */
import type { CharacterSummary, CharacterView } from "../../contracts/character-views";
import { cardSpec } from "../../domain/characters/card";
import type { CharacterCard } from "../../domain/chats/types";
import type { CharacterRecord } from "../../ports/character-repository";

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

export function toCharacterSummary(r: CharacterRecord): CharacterSummary {
  return {
    id: r.id,
    name: r.name,
    revision: r.revision,
    spec: cardSpec(r.card),
    hasAvatar: r.avatar !== null,
    ...(r.avatar ? { avatarSha256: r.avatar.sha256 } : {}),
    ...(r.bookId ? { bookId: r.bookId } : {}),
    tags: strings(r.card.data.tags),
    creator: typeof r.card.data.creator === "string" ? r.card.data.creator : "",
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

export function toCharacterView(r: CharacterRecord): CharacterView {
  return { ...toCharacterSummary(r), card: r.card };
}

const SUMMARY_MAX = 64 * 1024;
const field = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v.slice(0, SUMMARY_MAX) : undefined;

/** The chat's character summary of a library card (docs/spec/characters.md §4). */
export function chatSummaryOf(r: CharacterRecord): CharacterCard {
  const d = r.card.data;
  const summary: CharacterCard = { name: r.name.trim().slice(0, 200) };
  const description = field(d.description);
  const personality = field(d.personality);
  const scenario = field(d.scenario);
  const firstMessage = field(d.first_mes);
  if (description) summary.description = description;
  if (personality) summary.personality = personality;
  if (scenario) summary.scenario = scenario;
  if (firstMessage) summary.firstMessage = firstMessage;
  return summary;
}
