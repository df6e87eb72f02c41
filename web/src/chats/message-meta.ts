/**
 * What a chat message carries besides its text (docs/api.md "Chat generation" "Saved messages"):
 * `extra.tauritavern.tool` on tool rows, `extra.tauritavern.partial` on a stopped or failed reply,
 * `extra.tauritavern.outcomeUnknown` for calls that may have run, and the tool calls of an
 * assistant message by id (for a tool row's arguments).
 */
import type { ChatMessage } from "./types";

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : null;

/** `extra.tauritavern` or an empty object. */
export function tauritavernOf(message: ChatMessage): Obj {
  return obj(message.extra?.tauritavern) ?? {};
}

/**
 * The model's reasoning saved with a reply (SillyTavern's `extra.reasoning`) when it belongs to the
 * alternative on display, else null (none, blank, or another alternative's). The message keeps the
 * reasoning of its most recently generated alternative, which is its last one (docs/spec/web-chat.md
 * §2); earlier alternatives' reasoning is not kept per alternative.
 */
export function savedReasoning(message: ChatMessage): string | null {
  const reasoning = message.extra?.reasoning;
  if (typeof reasoning !== "string" || reasoning.trim() === "") return null;
  const swipes = message.swipes?.length ?? 0;
  return swipes <= 1 || (message.swipeId ?? 0) === swipes - 1 ? reasoning : null;
}

/** True when the reply was cut short (Stop or a failed stream). */
export function isPartial(message: ChatMessage): boolean {
  return tauritavernOf(message).partial === true;
}

/**
 * True for an assistant message that only called tools (no text, no notice, not cut short): the
 * list shows its tool rows without a bubble for it (docs/spec/web-chat.md §3).
 */
export function isToolOnly(message: ChatMessage): boolean {
  return isBlankAssistant(message) && (message.toolCalls?.length ?? 0) > 0;
}

/** An assistant message with no text, not cut short and without a "may have executed" notice. */
function isBlankAssistant(message: ChatMessage): boolean {
  return (
    message.role === "assistant" &&
    message.text.trim() === "" &&
    !isPartial(message) &&
    outcomeUnknownCalls(message).length === 0
  );
}

/**
 * True for an empty final answer right after a tool turn (assistant, no text, no reasoning, no tool
 * calls, one swipe at most, no notice, following a `tool` row): the list shows no bubble for it
 * (docs/spec/generation.md §6; servers no longer save one, older chats may hold one).
 */
export function isEmptyAfterTools(message: ChatMessage, previous: ChatMessage | undefined): boolean {
  const reasoning = message.extra?.reasoning;
  return (
    previous?.role === "tool" &&
    isBlankAssistant(message) &&
    (typeof reasoning !== "string" || reasoning.trim() === "") &&
    (message.toolCalls?.length ?? 0) === 0 &&
    (message.swipes?.length ?? 0) <= 1
  );
}

export interface UnknownCall {
  callId: string;
  toolId: string;
  alias: string;
}

/** Calls that may have executed (the "may have executed" notice), or []. */
export function outcomeUnknownCalls(message: ChatMessage): UnknownCall[] {
  const list = tauritavernOf(message).outcomeUnknown;
  if (!Array.isArray(list)) return [];
  return list
    .map(obj)
    .filter((x): x is Obj => x !== null)
    .map((x) => ({ callId: String(x.callId ?? ""), toolId: String(x.toolId ?? ""), alias: String(x.alias ?? "") }));
}

/** The message's `extra` without the notice (what "Dismiss" saves). */
export function extraWithoutNotice(message: ChatMessage): Obj {
  const { outcomeUnknown: _dropped, ...rest } = tauritavernOf(message);
  const { tauritavern: _old, ...extra } = message.extra ?? {};
  return Object.keys(rest).length > 0 ? { ...extra, tauritavern: rest } : extra;
}

export interface ToolRowInfo {
  /** `<nativeName>` of the row's name `<nativeName> (<server>)`. */
  tool: string;
  server: string;
  isError: boolean;
  /** `known_response`, `not_sent`, `outcome_unknown`, or "" when the text is not an outcome. */
  outcome: string;
  /** The outcome's code (not sent / unknown) or "". */
  code: string;
}

/** A tool row's name, server and outcome (from its name, `extra.tauritavern.tool` and its JSON text). */
export function toolRowInfo(message: ChatMessage): ToolRowInfo {
  const meta = obj(tauritavernOf(message).tool) ?? {};
  const match = /^(.*) \(([^()]*)\)$/.exec(message.name);
  let outcome = "";
  let code = "";
  try {
    const parsed = obj(JSON.parse(message.text));
    outcome = typeof parsed?.outcome === "string" ? parsed.outcome : "";
    const issue = obj(parsed?.issue) ?? parsed;
    code = typeof issue?.code === "string" ? issue.code : "";
  } catch {
    // not JSON: shown as it is
  }
  const toolId = typeof meta.toolId === "string" ? meta.toolId : "";
  return {
    tool: match ? match[1]! : message.name || toolId,
    server: match ? match[2]! : "",
    isError: meta.isError === true,
    outcome,
    code,
  };
}

/** Arguments text of every tool call of the loaded assistant messages, by call id. */
export function toolArguments(messages: ReadonlyArray<ChatMessage>): Map<string, string> {
  const out = new Map<string, string>();
  for (const message of messages)
    for (const call of message.toolCalls ?? []) {
      const c = obj(call) ?? {};
      const fn = obj(c.function) ?? {};
      const raw = c.arguments ?? fn.arguments;
      if (typeof c.id === "string") out.set(c.id, typeof raw === "string" ? raw : JSON.stringify(raw ?? {}));
    }
  return out;
}

/** Pretty JSON when the text is JSON, else the text. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
