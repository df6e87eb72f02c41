/**
 * The pure parts of the one server-side prompt builder (docs/spec/generation.md "Prompt"), shared
 * by chat generation (tool turns kept) and Agent runs (tool turns left out):
 * - `systemText`: the chat's system prompt, World Info placed before the character, the character
 *   card fields that are set (the linked library card, else the chat's summary; never the first
 *   message, which is the chat's first message), World Info placed after it, the persona;
 * - `historyMessages`: chat rows → canonical model messages, keeping every assistant tool call
 *   paired with its tool rows (a provider refuses a call without its result or a result without
 *   its call), so a window that starts inside a tool batch drops the orphaned rows.
 */
import type { PromptCharacter } from "../characters/card";
import type { CharacterCard, ChatRole, JsonObject } from "../chats/types";
import type { ModelMessage, ModelPart } from "../models/ir";
import { DEFAULT_USER_NAME, substituteNames } from "./macros";

/** SillyTavern persona: who the user plays (optional). */
export interface Persona {
  name?: string;
  description?: string;
}

/** The chat fields the system message is built from. */
export interface PromptChat {
  systemPrompt: string | null;
  character: CharacterCard | null;
}

/** One history row as the builder needs it. */
export interface HistoryRow {
  messageId: string;
  role: ChatRole;
  name: string;
  text: string;
  toolCalls: JsonObject[] | null;
  toolCallId: string | null;
  extra: JsonObject;
}

/** The library side of the system message: the linked card and activated World Info by place. */
export interface SystemLore {
  character: PromptCharacter | null;
  /** Entry texts placed before / after the character definition, in insertion order. */
  before: string[];
  after: string[];
}

/**
 * System prompt, World Info before the character, `Character:`/`Description:`/`Personality:`/
 * `Scenario:`/`Example dialogue:`, World Info after it, then the persona; SillyTavern's name macros
 * (`{{user}}`, `{{char}}`, macros.ts) replaced by the persona's and the character's names.
 */
export function systemText(chat: PromptChat, persona?: Persona, lore?: SystemLore): string {
  const parts: string[] = [];
  if (chat.systemPrompt?.trim()) parts.push(chat.systemPrompt.trim());
  if (lore && lore.before.length > 0) parts.push(lore.before.join("\n"));
  const card = lore?.character ?? chat.character;
  if (card) {
    const lines = [`Character: ${card.name}`];
    if (card.description?.trim()) lines.push(`Description: ${card.description.trim()}`);
    if (card.personality?.trim()) lines.push(`Personality: ${card.personality.trim()}`);
    if (card.scenario?.trim()) lines.push(`Scenario: ${card.scenario.trim()}`);
    const examples = lore?.character?.mesExample.trim();
    if (examples) lines.push(`Example dialogue:\n${examples}`);
    parts.push(lines.join("\n"));
  }
  if (lore && lore.after.length > 0) parts.push(lore.after.join("\n"));
  const personaLines: string[] = [];
  if (persona?.name?.trim()) personaLines.push(`User persona: ${persona.name.trim()}`);
  if (persona?.description?.trim()) personaLines.push(persona.description.trim());
  if (personaLines.length > 0) parts.push(personaLines.join("\n"));
  return substituteNames(parts.join("\n\n"), {
    user: persona?.name?.trim() || DEFAULT_USER_NAME,
    ...(card ? { char: card.name } : {}),
  });
}

/** A stored tool call `{id, name, arguments}` (SillyTavern / OpenAI shape, `function` nesting accepted). */
export function storedToolCall(call: JsonObject): { id: string; name: string; argumentsText: string } | null {
  const fn = (call.function ?? {}) as JsonObject;
  const id = typeof call.id === "string" ? call.id : "";
  const name = typeof call.name === "string" ? call.name : typeof fn.name === "string" ? fn.name : "";
  const raw = call.arguments ?? fn.arguments;
  const argumentsText = typeof raw === "string" ? raw : raw === undefined ? "{}" : JSON.stringify(raw);
  return id && name ? { id, name, argumentsText: argumentsText.trim() === "" ? "{}" : argumentsText } : null;
}

/**
 * Canonical messages of history rows in chat order. With `includeTools` false (Agent runs) tool
 * rows are skipped and assistant tool calls dropped (their text kept). With it, an assistant's tool
 * calls are kept only when every call is answered by the tool rows right after it; unanswered calls
 * are dropped and tool rows answering nothing are skipped. Blank messages without tool calls are skipped.
 */
export function historyMessages(rows: ReadonlyArray<HistoryRow>, includeTools: boolean): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    if (row.role === "tool") continue; // consumed with its assistant below, or orphaned
    const calls = includeTools && row.role === "assistant" ? (row.toolCalls ?? []).map(storedToolCall) : [];
    const results = new Map<string, HistoryRow>();
    let j = i + 1;
    while (j < rows.length && rows[j]!.role === "tool") {
      const tool = rows[j]!;
      if (tool.toolCallId) results.set(tool.toolCallId, tool);
      j += 1;
    }
    const answered = calls.length > 0 && calls.every((call) => call !== null && results.has(call.id));
    if (row.text.trim() === "" && !answered) continue;
    const parts: ModelPart[] = row.text.trim() === "" ? [] : [{ type: "text", text: row.text }];
    if (!answered) {
      out.push({ role: row.role, parts });
      continue;
    }
    for (const call of calls)
      parts.push({ type: "toolCall", call: { id: call!.id, alias: call!.name, argumentsText: call!.argumentsText } });
    out.push({ role: "assistant", parts });
    const toolParts: ModelMessage[] = calls.map((call) => {
      const result = results.get(call!.id)!;
      const meta = (result.extra.tauritavern as JsonObject | undefined)?.tool as JsonObject | undefined;
      return {
        role: "tool",
        parts: [
          {
            type: "toolResult",
            result: {
              callId: call!.id,
              alias: call!.name,
              content: result.text,
              ...(meta?.isError === true ? { isError: true } : {}),
            },
          },
        ],
      };
    });
    out.push(...toolParts);
    i = j - 1;
  }
  return out;
}

/** A canonical message as a chat-completion `{role, content}` (text parts joined). */
export function asChatCompletionMessage(message: ModelMessage): { role: string; content: string } {
  return {
    role: message.role,
    content: message.parts.map((part) => (part.type === "text" ? part.text : "")).join(""),
  };
}
