/**
 * World Info activation table (issue [characters-lore] "Must show"; docs/spec/worldinfo.md §3):
 * each selective logic, scan depth, constant entries, insertion order, the budget cut, regex keys,
 * recursion off (and on), probability, inclusion groups, minimum activations, case and whole words.
 */
import { describe, expect, it } from "vitest";
import { activateWorldInfo, type ActivationInput } from "../../../src/domain/worldinfo/activation";
import { normalizeEntry, type WorldEntry } from "../../../src/domain/worldinfo/entry";
import { DEFAULT_WORLD_INFO_SETTINGS, type WorldInfoSettings } from "../../../src/domain/worldinfo/settings";

/** One token per word: budgets in the tests are easy to count. */
const WORDS = { count: (text: string) => text.split(/\s+/).filter(Boolean).length };

function entry(uid: number, fields: Partial<WorldEntry> & Record<string, unknown>): WorldEntry {
  return normalizeEntry({ content: `entry ${uid}`, ...fields, uid }, uid);
}

function run(
  entries: WorldEntry[],
  messages: string[],
  settings: Partial<WorldInfoSettings> = {},
  extra: Partial<ActivationInput> = {},
) {
  return activateWorldInfo({
    books: [{ id: "b1", name: "Book", entries }],
    messages,
    settings: { ...DEFAULT_WORLD_INFO_SETTINGS, ...settings },
    contextTokens: 1000,
    counter: WORDS,
    ...extra,
  });
}

const uids = (r: ReturnType<typeof run>) => r.entries.map((e) => e.uid);

describe("world info activation: selective logic", () => {
  const primary = { key: ["dragon"], selective: true };
  const table: Array<[string, number, string, boolean]> = [
    ["AND ANY: one secondary present", 0, "the dragon and the knight", true],
    ["AND ANY: no secondary", 0, "the dragon sleeps", false],
    ["NOT ALL: not every secondary present", 1, "the dragon and the knight", true],
    ["NOT ALL: every secondary present", 1, "the dragon, the knight and the castle", false],
    ["NOT ANY: no secondary present", 2, "the dragon sleeps", true],
    ["NOT ANY: a secondary present", 2, "the dragon and the castle", false],
    ["AND ALL: every secondary present", 3, "dragon knight castle", true],
    ["AND ALL: one missing", 3, "dragon knight", false],
  ];
  for (const [name, logic, text, active] of table) {
    it(name, () => {
      const e = entry(1, { ...primary, keysecondary: ["knight", "castle"], selectiveLogic: logic });
      expect(uids(run([e], [text]))).toEqual(active ? [1] : []);
    });
  }

  it("a primary key is needed whatever the secondary keys say; non-selective entries ignore secondaries", () => {
    const notAny = entry(1, { key: ["dragon"], keysecondary: ["knight"], selective: true, selectiveLogic: 2 });
    expect(uids(run([notAny], ["nothing here"]))).toEqual([]);
    const plain = entry(2, { key: ["dragon"], keysecondary: ["knight"], selective: false });
    expect(uids(run([plain], ["a dragon"]))).toEqual([2]);
  });
});

describe("world info activation: scan depth, constants, order", () => {
  it("scans only the newest scanDepth messages (default 2); an entry's own scan depth wins", () => {
    const e = entry(1, { key: ["Eldoria"] });
    const messages = ["newest", "second", "third mentions Eldoria"];
    expect(uids(run([e], messages))).toEqual([]);
    expect(uids(run([e], messages, { scanDepth: 3 }))).toEqual([1]);
    expect(uids(run([entry(2, { key: ["Eldoria"], scanDepth: 3 })], messages))).toEqual([2]);
    expect(uids(run([e], ["Eldoria"], { scanDepth: 0 }))).toEqual([]);
  });

  it("constant entries activate without keys; disabled ones never do", () => {
    const constant = entry(1, { constant: true, key: [] });
    const disabled = entry(2, { constant: true, disable: true });
    expect(uids(run([constant, disabled], ["anything"]))).toEqual([1]);
  });

  it("returns entries in insertion order: ascending order, higher is closer to the chat", () => {
    const a = entry(1, { key: ["x"], order: 300 });
    const b = entry(2, { key: ["x"], order: 10 });
    const c = entry(3, { constant: true, order: 100 });
    expect(uids(run([a, b, c], ["x"]))).toEqual([2, 3, 1]);
  });
});

describe("world info activation: budget", () => {
  it("takes entries by order (highest first) until one does not fit, then stops", () => {
    // Budget 25 % of 40 tokens = 10 words.
    const high = entry(1, { key: ["x"], order: 300, content: "one two three four five six" });
    const mid = entry(2, { key: ["x"], order: 200, content: "one two three four five" });
    const low = entry(3, { key: ["x"], order: 100, content: "one" });
    const result = run([high, mid, low], ["x"], {}, { contextTokens: 40 });
    expect(result.budgetTokens).toBe(10);
    expect(uids(result)).toEqual([1]);
    expect(result.budgetExhausted).toBe(true);
    expect(result.usedTokens).toBe(6);
  });

  it("caps the budget at budgetCap", () => {
    const e = entry(1, { key: ["x"], content: "a b c d e f" });
    expect(run([e], ["x"], { budgetCap: 5 }).entries).toEqual([]);
    expect(uids(run([e], ["x"], { budgetCap: 6 }))).toEqual([1]);
  });
});

describe("world info activation: keys", () => {
  it("regex keys match as regular expressions with their own flags", () => {
    const e = entry(1, { key: ["/elder\\s+tree/i"] });
    expect(uids(run([e], ["The ELDER   Tree stands"]))).toEqual([1]);
    expect(uids(run([e], ["an elder oak"]))).toEqual([]);
    const anchored = entry(2, { key: ["/^Mira\\b/"] });
    expect(uids(run([anchored], ["mira waves"]))).toEqual([]);
  });

  it("is case-insensitive by default; caseSensitive and matchWholeWords apply (entry overrides global)", () => {
    const e = entry(1, { key: ["Mira"] });
    expect(uids(run([e], ["mira"]))).toEqual([1]);
    expect(uids(run([e], ["mira"], { caseSensitive: true }))).toEqual([]);
    expect(uids(run([entry(2, { key: ["Mira"], caseSensitive: false })], ["mira"], { caseSensitive: true }))).toEqual([
      2,
    ]);
    expect(uids(run([e], ["Miranda"]))).toEqual([1]);
    expect(uids(run([e], ["Miranda"], { matchWholeWords: true }))).toEqual([]);
    expect(uids(run([e], ["hi, Mira!"], { matchWholeWords: true }))).toEqual([1]);
  });
});

describe("world info activation: recursion, probability, groups, minimum activations", () => {
  const chain = [entry(1, { key: ["castle"], content: "The castle hides a dragon" }), entry(2, { key: ["dragon"] })];

  it("does not recurse by default; with recursion, activated content activates more entries", () => {
    expect(uids(run(chain, ["the castle"]))).toEqual([1]);
    expect(uids(run(chain, ["the castle"], { recursive: true }))).toEqual([1, 2]);
    const excluded = [chain[0]!, entry(2, { key: ["dragon"], excludeRecursion: true })];
    expect(uids(run(excluded, ["the castle"], { recursive: true }))).toEqual([1]);
    const prevented = [entry(1, { key: ["castle"], content: "dragon", preventRecursion: true }), chain[1]!];
    expect(uids(run(prevented, ["the castle"], { recursive: true }))).toEqual([1]);
  });

  it("probability rolls once per entry", () => {
    const e = entry(1, { key: ["x"], probability: 30, useProbability: true });
    expect(uids(run([e], ["x"], {}, { random: () => 0.29 }))).toEqual([1]);
    expect(uids(run([e], ["x"], {}, { random: () => 0.3 }))).toEqual([]);
    expect(
      uids(run([entry(2, { key: ["x"], probability: 30, useProbability: false })], ["x"], {}, { random: () => 0.99 })),
    ).toEqual([2]);
  });

  it("keeps one entry per inclusion group: override → highest order, else drawn by weight", () => {
    const a = entry(1, { key: ["x"], group: "weather", order: 10, groupWeight: 1 });
    const b = entry(2, { key: ["x"], group: "weather", order: 20, groupWeight: 3 });
    const c = entry(3, { key: ["x"], group: "other" });
    // Weights 3 (uid 2) and 1 (uid 1): a draw in [0, 0.75) picks uid 2, in [0.75, 1) uid 1.
    expect(uids(run([a, b, c], ["x"], {}, { random: () => 0.7 }))).toEqual([2, 3]);
    expect(uids(run([a, b, c], ["x"], {}, { random: () => 0.8 }))).toEqual([1, 3]);
    const prio = entry(4, { key: ["x"], group: "weather", order: 5, groupOverride: true });
    expect(uids(run([a, b, prio], ["x"], {}, { random: () => 0.9 }))).toEqual([4]);
  });

  it("minimum activations scan deeper until enough entries are active", () => {
    const e = [entry(1, { key: ["apple"] }), entry(2, { key: ["pear"] })];
    const messages = ["apple", "nothing", "nothing", "pear", "more"];
    expect(uids(run(e, messages))).toEqual([1]);
    const deeper = run(e, messages, { minActivations: 2 });
    expect(uids(deeper)).toEqual([1, 2]);
    expect(deeper.scanDepth).toBe(4);
    expect(uids(run(e, messages, { minActivations: 2, minActivationsDepthMax: 3 }))).toEqual([1]);
  });
});
