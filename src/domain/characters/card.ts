/**
 * Character cards (docs/spec/characters.md §1): SillyTavern's V1 (flat fields), V2
 * (`{spec: "chara_card_v2", spec_version: "2.0", data}`) and V3 (`chara_card_v3`, "3.0").
 * A card is stored as the document it came in (every field kept, top level and `data`, unknown
 * and `extensions` included) without its `character_book`, which becomes a World Info book linked
 * to the character and goes back into `data.character_book` on export.
 *
 * Errors: `character.card_invalid` (400), `character.name_invalid` (400).
 */
import { AppError } from "../errors";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Card spec of a stored card. */
export type CardSpec = "v2" | "v3";

/** A card ready to store: the document (spec, spec_version, data, other top-level fields) and its book. */
export interface ParsedCard {
  card: Json & { data: Json };
  /** `data.character_book` as it came, or null. */
  book: Json | null;
}

/** The V2 fields every card's `data` has (defaults for a new or V1 card). */
export const V2_DEFAULTS: Json = {
  name: "",
  description: "",
  personality: "",
  scenario: "",
  first_mes: "",
  mes_example: "",
  creator_notes: "",
  system_prompt: "",
  post_history_instructions: "",
  alternate_greetings: [],
  tags: [],
  creator: "",
  character_version: "",
  extensions: {},
};

const V1_FIELDS = ["name", "description", "personality", "scenario", "first_mes", "mes_example"];

function invalid(message: string): AppError {
  return new AppError("character.card_invalid", message);
}

/** Checks the character name: 1..200 characters after trimming. */
export function checkCardName(name: unknown): string {
  if (typeof name !== "string" || name.trim() === "" || name.trim().length > 200)
    throw new AppError("character.name_invalid", "A character needs a name of 1 to 200 characters.");
  return name;
}

/** Reads a card of any version (see the file docstring). */
export function parseCard(json: unknown): ParsedCard {
  if (!isObject(json)) throw invalid("A character card is a JSON object.");
  let card: Json & { data: Json };
  if ((json.spec === "chara_card_v2" || json.spec === "chara_card_v3") && isObject(json.data)) {
    card = { ...json, data: { ...json.data } };
  } else if (json.spec !== undefined) {
    throw invalid(`The card's spec ${JSON.stringify(json.spec)} is not chara_card_v2 or chara_card_v3.`);
  } else if (typeof json.name === "string" && V1_FIELDS.some((f) => typeof json[f] === "string")) {
    card = { spec: "chara_card_v2", spec_version: "2.0", data: { ...V2_DEFAULTS, ...json } };
  } else {
    throw invalid("This JSON is not a character card (no spec and no V1 fields such as name and first_mes).");
  }
  checkCardName(card.data.name);
  for (const field of ["alternate_greetings", "tags"]) {
    const value = card.data[field];
    if (value !== undefined && (!Array.isArray(value) || value.some((v) => typeof v !== "string")))
      throw invalid(`The card's ${field} must be a list of strings.`);
  }
  const book = card.data.character_book;
  if (book !== undefined && book !== null && !isObject(book))
    throw invalid("The card's character_book is not an object.");
  const { character_book: _book, ...data } = card.data;
  return { card: { ...card, data }, book: isObject(book) ? book : null };
}

/** The stored card's spec. */
export function cardSpec(card: Json): CardSpec {
  return card.spec === "chara_card_v3" ? "v3" : "v2";
}

/**
 * The card as a document of `spec`, with `book` (a `character_book`) put back into `data`.
 * V3 adds `group_only_greetings: []` when missing (the V3 spec requires it); nothing is removed.
 */
export function exportCard(card: Json & { data: Json }, spec: CardSpec, book: Json | null): Json {
  const data: Json = { ...card.data, ...(book ? { character_book: book } : {}) };
  if (spec === "v3") {
    if (!Array.isArray(data.group_only_greetings)) data.group_only_greetings = [];
    return {
      ...card,
      spec: "chara_card_v3",
      spec_version: card.spec === "chara_card_v3" ? card.spec_version : "3.0",
      data,
    };
  }
  return {
    ...card,
    spec: "chara_card_v2",
    spec_version: card.spec === "chara_card_v2" ? card.spec_version : "2.0",
    data,
  };
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The card fields the prompt uses (docs/spec/generation.md "Prompt"). */
export interface PromptCharacter {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  mesExample: string;
  firstMessage: string;
  alternateGreetings: string[];
}

/** The prompt fields of a card's `data`. */
export function promptCharacter(data: Json): PromptCharacter {
  return {
    name: text(data.name),
    description: text(data.description),
    personality: text(data.personality),
    scenario: text(data.scenario),
    mesExample: text(data.mes_example),
    firstMessage: text(data.first_mes),
    alternateGreetings: Array.isArray(data.alternate_greetings)
      ? data.alternate_greetings.filter((g): g is string => typeof g === "string")
      : [],
  };
}
