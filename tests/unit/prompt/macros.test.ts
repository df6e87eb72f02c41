/** SillyTavern's name macros (docs/spec/characters.md §4.1). */
import { describe, expect, it } from "vitest";
import { substituteNames } from "../../../src/domain/prompt/macros";
import { systemText } from "../../../src/domain/prompt/prompt-parts";

describe("name macros", () => {
  it("replaces {{user}}/<USER> and {{char}}/<BOT>/<CHAR> in any letter case, names taken literally", () => {
    const text = "{{user}} meets {{Char}}; <USER> and <bot> and <char>; {{ USER }}";
    expect(substituteNames(text, { user: "Mina $1", char: "艾莉娅" })).toBe(
      "Mina $1 meets 艾莉娅; Mina $1 and 艾莉娅 and 艾莉娅; Mina $1",
    );
  });

  it("leaves character macros as written when there is no character, and other macros always", () => {
    expect(substituteNames("{{char}} greets {{user}} at {{time}} <START>", { user: "User" })).toBe(
      "{{char}} greets User at {{time}} <START>",
    );
  });

  it("the system text names the persona and the character, with User when no persona is set", () => {
    const chat = {
      systemPrompt: "Write as {{char}}.",
      character: { name: "Aria", description: "{{char}} guards {{user}}." },
    } as Parameters<typeof systemText>[0];
    expect(systemText(chat, { name: "Mina" })).toContain("Write as Aria.");
    expect(systemText(chat, { name: "Mina" })).toContain("Description: Aria guards Mina.");
    expect(systemText(chat)).toContain("Description: Aria guards User.");
  });
});
