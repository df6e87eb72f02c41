import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  exportHeader,
  exportMessage,
  isHeaderLine,
  parseJsonLine,
  parseMessageLine,
  chatFieldsFromHeader,
  personaFromHeader,
} from "../../../src/domain/chats/sillytavern";
import type { ChatRecord, MessageRecord } from "../../../src/domain/chats/types";
import { AppError } from "../../../src/domain/errors";

const sample = readFileSync(new URL("../../fixtures/chats/sillytavern-sample.jsonl", import.meta.url), "utf8")
  .trimEnd()
  .split("\n");

function toRecord(line: string, n: number): MessageRecord {
  return { ...parseMessageLine(parseJsonLine(line, n), n), chatId: "c", seq: n, messageId: `m${n}`, revision: 1 };
}

function codeOf(fn: () => unknown): { code: string; line?: unknown } {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, line: error.details?.line };
    throw error;
  }
  return { code: "none" };
}

describe("SillyTavern line mapping", () => {
  it("maps roles and keeps unknown fields through export, big integers digit for digit (Node 22 has JSON.rawJSON, like workerd)", () => {
    const header = parseJsonLine(sample[0]!, 1);
    expect(isHeaderLine(header)).toBe(true);
    const records = sample.slice(1).map((line, i) => toRecord(line, i + 2));
    expect(records.map((r) => r.role)).toEqual(["assistant", "user", "assistant", "system", "user"]);
    const exported = records.map((r) => JSON.stringify(exportMessage(r)));
    expect(exported.map((line) => JSON.parse(line))).toEqual(sample.slice(1).map((line) => JSON.parse(line)));
    // 12345678901234567890 is beyond 2^53: a plain number would come back as 12345678901234567000.
    expect(exported.join("\n")).toContain('"unknown_number":12345678901234567890');
    const chat: ChatRecord = {
      id: "c",
      kind: "character",
      characterId: null,
      revision: 1,
      messageCount: 5,
      header,
      createdAt: 0,
      updatedAt: 0,
      ...chatFieldsFromHeader(header),
      persona: personaFromHeader(header),
    };
    expect(exportHeader(chat)).toEqual(JSON.parse(sample[0]!));
  });

  it("an imported header's user_name becomes the chat's persona, and a renamed persona is exported as user_name", () => {
    const header = parseJsonLine(JSON.stringify({ user_name: " Wanderer ", character_name: "Seraphina" }), 1);
    expect(personaFromHeader(header)).toEqual({ name: "Wanderer" });
    expect(personaFromHeader(parseJsonLine('{"user_name":"  ","character_name":"S"}', 1))).toBeNull();
    expect(personaFromHeader(null)).toBeNull();
    expect(personaFromHeader(parseJsonLine('{"user_name":"User","character_name":"S"}', 1))).toBeNull();
    const chat: ChatRecord = {
      id: "c",
      kind: "character",
      revision: 2,
      messageCount: 0,
      header,
      createdAt: 0,
      updatedAt: 0,
      ...chatFieldsFromHeader(header),
      characterId: null,
      persona: { name: "Knight" },
    };
    expect(exportHeader(chat).user_name).toBe("Knight");
    expect(exportHeader({ ...chat, header: null }).user_name).toBe("Knight");
    expect(exportHeader({ ...chat, header: null, persona: null }).user_name).toBe("User");
  });

  it("keeps the original key order of a line", () => {
    const record = toRecord(sample[3]!, 4);
    expect(Object.keys(exportMessage(record))).toEqual(Object.keys(JSON.parse(sample[3]!)));
  });

  it("rejects malformed lines with their number", () => {
    expect(codeOf(() => parseJsonLine("{nope", 7))).toEqual({ code: "chat.import_invalid_line", line: 7 });
    expect(codeOf(() => parseJsonLine("[1,2]", 3))).toEqual({ code: "chat.import_invalid_line", line: 3 });
    expect(codeOf(() => parseMessageLine({ mes: "x", extra: [] }, 5))).toEqual({
      code: "chat.import_invalid_line",
      line: 5,
    });
    expect(codeOf(() => parseMessageLine({ mes: "x", swipes: ["a", 1] }, 6))).toEqual({
      code: "chat.import_invalid_line",
      line: 6,
    });
    expect(codeOf(() => parseMessageLine({ mes: "x".repeat(1024 * 1024 + 1) }, 9))).toEqual({
      code: "chat.message_text_too_large",
      line: 9,
    });
  });

  it("writes hosted tool fields under extra.tauritavern.toolMessage and reads them back", () => {
    const record: MessageRecord = {
      chatId: "c",
      seq: 1,
      messageId: "m1",
      revision: 1,
      role: "tool",
      name: "Tool",
      text: "{}",
      sendDate: "d",
      swipes: null,
      swipeId: null,
      toolCalls: null,
      toolCallId: "call_9",
      extra: { tauritavern: { agent: { runId: "r" } } },
      raw: null,
    };
    const line = exportMessage(record);
    expect(line).toMatchObject({
      is_user: false,
      is_system: true,
      extra: { tauritavern: { agent: { runId: "r" }, toolMessage: { role: "tool", toolCallId: "call_9" } } },
    });
    const back = parseMessageLine(JSON.parse(JSON.stringify(line)), 2);
    expect(back).toMatchObject({
      role: "tool",
      toolCallId: "call_9",
      extra: { tauritavern: { agent: { runId: "r" } } },
    });
  });

  it("derives the chat title and character from the header", () => {
    expect(chatFieldsFromHeader({ character_name: "Bob", create_date: "2024-01-01" })).toEqual({
      title: "Bob - 2024-01-01",
      character: { name: "Bob" },
      systemPrompt: null,
    });
    expect(chatFieldsFromHeader(null)).toEqual({ title: "Imported chat", character: null, systemPrompt: null });
  });
});
