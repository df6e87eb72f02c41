/**
 * The editable card fields of the character editor and the `data` patch a draft makes
 * (docs/spec/characters.md §1): text fields as typed, greetings as a list, tags comma separated.
 * Every other card field (extensions, V3 fields, unknown ones) is left as stored.
 */
export const TEXT_FIELDS = [
  "description",
  "personality",
  "scenario",
  "first_mes",
  "mes_example",
  "system_prompt",
  "post_history_instructions",
  "creator_notes",
  "creator",
  "character_version",
] as const;

export type TextField = (typeof TEXT_FIELDS)[number];

export interface CardDraft extends Record<TextField, string> {
  name: string;
  greetings: string[];
  tags: string;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

/** The draft of a card's `data`. */
export function draftOf(data: Record<string, unknown>): CardDraft {
  const draft = {
    name: text(data.name),
    greetings: strings(data.alternate_greetings),
    tags: strings(data.tags).join(", "),
  };
  const fields = Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(data[f])])) as Record<TextField, string>;
  return { ...draft, ...fields };
}

/** The `data` fields to send for a draft. */
export function patchOf(draft: CardDraft): Record<string, unknown> {
  return {
    name: draft.name.trim(),
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, draft[f]])),
    alternate_greetings: draft.greetings.filter((g) => g.trim() !== ""),
    tags: draft.tags
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
