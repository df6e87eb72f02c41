/** Character card files made in the tests: tiny PNGs with `chara` / `ccv3` tEXt chunks, and card documents. */
import extractChunks from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import { decode as decodeText, encode as encodeText } from "png-chunk-text";

/** A 2×2 RGB PNG (valid IHDR/IDAT/IEND); `cardPng` adds a tEXt "Comment" chunk that must survive. */
export const BASE_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGM4IScnd0KOAUIBAB3SBBHfPB1bAAAAAElFTkSuQmCC"),
  (c) => c.charCodeAt(0),
);

function b64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function unb64(text: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
}

/** `BASE_PNG` with the given tEXt chunks (keyword → card JSON, base64 of UTF-8) before IEND. */
export function cardPng(cards: Record<string, unknown>, base = BASE_PNG): Uint8Array {
  const chunks = extractChunks(base);
  const end = chunks.findIndex((c) => c.name === "IEND");
  const extra = [encodeText("Comment", "made in a test")];
  for (const [keyword, card] of Object.entries(cards)) extra.push(encodeText(keyword, b64(JSON.stringify(card))));
  chunks.splice(end, 0, ...extra);
  return encodeChunks(chunks);
}

/** The card JSON of each card tEXt chunk of a PNG, and the names of every chunk. */
export function readPng(png: Uint8Array): { cards: Record<string, any>; chunkNames: string[]; comments: string[] } {
  const cards: Record<string, any> = {};
  const comments: string[] = [];
  const chunks = extractChunks(png);
  for (const chunk of chunks) {
    if (chunk.name !== "tEXt") continue;
    const { keyword, text } = decodeText(chunk.data);
    if (keyword === "chara" || keyword === "ccv3") cards[keyword] = JSON.parse(unb64(text));
    else comments.push(`${keyword}=${text}`);
  }
  return { cards, chunkNames: chunks.map((c) => c.name), comments };
}

/** A SillyTavern-style character_book with SillyTavern's fields under extensions and unknown fields. */
export function lorebook(): Record<string, any> {
  return {
    name: "Eldoria Lore",
    description: "Places and people",
    scan_depth: 3,
    token_budget: 500,
    recursive_scanning: false,
    extensions: { book_flag: "kept" },
    entries: [
      {
        id: 0,
        keys: ["Eldoria", "/elder\\s+tree/i"],
        secondary_keys: [],
        comment: "The kingdom",
        content: "Eldoria is a kingdom of rivers.",
        constant: false,
        selective: true,
        insertion_order: 100,
        enabled: true,
        position: "before_char",
        use_regex: true,
        extensions: {
          position: 0,
          exclude_recursion: false,
          display_index: 0,
          probability: 100,
          useProbability: true,
          depth: 4,
          selectiveLogic: 0,
          group: "",
          group_override: false,
          group_weight: 100,
          prevent_recursion: false,
          delay_until_recursion: false,
          scan_depth: null,
          match_whole_words: null,
          use_group_scoring: false,
          case_sensitive: null,
          automation_id: "",
          role: 0,
          vectorized: false,
          sticky: 2,
          cooldown: 1,
          delay: 0,
          custom_tool_hint: { a: [1, 2] },
        },
        unknown_entry_field: "survives",
      },
      {
        id: 7,
        keys: ["Mira"],
        secondary_keys: ["sister"],
        comment: "Mira",
        content: "Mira is the ranger's sister.",
        constant: true,
        selective: true,
        insertion_order: 50,
        enabled: false,
        position: "after_char",
        extensions: { position: 4, depth: 2, role: 1, selectiveLogic: 3 },
      },
    ],
  };
}

/** A V2 card with extension fields, unknown fields at every level, and an embedded book. */
export function v2Card(name = "Seraphina"): Record<string, any> {
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    name,
    first_mes: "top-level V1 copy",
    create_date: "2024-5-1 @12h 00m 00s 000ms",
    data: {
      name,
      description: "A guardian of the forest.",
      personality: "Kind, protective",
      scenario: "A glade in Eldoria",
      first_mes: "*Seraphina smiles.* Welcome, traveler.",
      mes_example: "<START>\n{{user}}: Hi\n{{char}}: Hello!",
      creator_notes: "Test card",
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: ["Greetings, wanderer.", "Ah, you are awake."],
      tags: ["fantasy", "guardian"],
      creator: "tests",
      character_version: "1.2",
      extensions: {
        talkativeness: "0.5",
        fav: false,
        world: "Eldoria Lore",
        depth_prompt: { prompt: "Stay in character", depth: 4, role: "system" },
        regex_scripts: [{ scriptName: "x", findRegex: "/a/g" }],
      },
      character_book: lorebook(),
      made_up_data_field: { nested: true },
    },
  };
}

/** A V3 card (assets, nickname, multilingual notes, group greetings) with an embedded book. */
export function v3Card(name = "Aria"): Record<string, any> {
  const v2 = v2Card(name);
  return {
    spec: "chara_card_v3",
    spec_version: "3.0",
    data: {
      ...v2.data,
      nickname: "Ari",
      creator_notes_multilingual: { zh: "测试角色" },
      source: ["https://example.invalid/card"],
      group_only_greetings: ["Hello, everyone."],
      creation_date: 1714560000,
      modification_date: 1714563600,
      assets: [{ type: "icon", uri: "ccdefault:", name: "main", ext: "png" }],
    },
  };
}
