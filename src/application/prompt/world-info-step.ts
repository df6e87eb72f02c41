/**
 * The World Info step of the shared prompt builder (docs/spec/worldinfo.md §3–§5): scans the
 * newest messages the prompt would send (tool rows and left-out messages skipped), activates the
 * chat's books, and splits the result by place: before / after the character definition (the
 * system message), or at a depth in the history (a message of the entry's role). Positions the
 * prompt has no place for (author's note, example messages, outlets) go after the character.
 * `toWorldInfoActivation` is what the run's prompt snapshot stores for `worldinfo.read_activated`.
 */
import type { WorldInfoActivation } from "../../domain/agent/loop/prompt-snapshot";
import type { MessageRecord } from "../../domain/chats/types";
import type { ModelMessage } from "../../domain/models/ir";
import type { TokenCounterLike } from "../../domain/prompt/token-counter-like";
import { activateWorldInfo, type ActivationResult } from "../../domain/worldinfo/activation";
import { MAX_SCAN_DEPTH } from "../../domain/worldinfo/settings";
import type { ChatRepository } from "../../ports/chat-repository";
import type { ChatLore } from "../worldinfo/lore";

/** An at-depth entry as a history message. */
export interface DepthInsert {
  depth: number;
  role: "system" | "user" | "assistant";
  text: string;
}

export interface PlacedWorldInfo {
  result: ActivationResult;
  before: string[];
  after: string[];
  atDepth: DepthInsert[];
}

const ROLES = ["system", "user", "assistant"] as const;

function scanWindow(lore: ChatLore): number {
  const s = lore.settings;
  let depth = s.scanDepth;
  for (const book of lore.books)
    for (const e of book.entries) if (e.scanDepth !== null) depth = Math.max(depth, e.scanDepth);
  if (s.minActivations > 0)
    depth = s.minActivationsDepthMax > 0 ? Math.max(depth, s.minActivationsDepthMax) : MAX_SCAN_DEPTH;
  return Math.min(depth, MAX_SCAN_DEPTH);
}

/** Activates the chat's books on its newest messages (see the file docstring). */
export function placeWorldInfo(
  repo: ChatRepository,
  chatId: string,
  lore: ChatLore,
  options: { excluded?: ReadonlySet<string>; contextTokens: number; counter: TokenCounterLike },
): PlacedWorldInfo {
  const want = scanWindow(lore);
  const texts: string[] = [];
  const last = repo.messages.last(chatId);
  let beforeSeq = last ? last.seq + 1 : 0;
  while (texts.length < want && beforeSeq > 0) {
    const page: MessageRecord[] = repo.messages.before(chatId, beforeSeq, 0, Math.min(200, want + 8));
    if (page.length === 0) break;
    for (let i = page.length - 1; i >= 0 && texts.length < want; i -= 1) {
      const m = page[i]!;
      if (m.role === "tool" || options.excluded?.has(m.messageId)) continue;
      texts.push(m.text);
    }
    beforeSeq = page[0]!.seq;
  }
  const result = activateWorldInfo({
    books: lore.books,
    messages: texts,
    settings: lore.settings,
    contextTokens: options.contextTokens,
    counter: options.counter,
  });
  const placed: PlacedWorldInfo = { result, before: [], after: [], atDepth: [] };
  for (const e of result.entries) {
    if (e.content.trim() === "") continue;
    if (e.position === 0) placed.before.push(e.content);
    else if (e.position === 4)
      placed.atDepth.push({ depth: Math.max(0, e.depth), role: ROLES[e.role ?? 0] ?? "system", text: e.content });
    else placed.after.push(e.content);
  }
  return placed;
}

/** `history` (chat order) with the at-depth entries inserted: depth 0 after the last message, N before the N-th from the end. */
export function insertAtDepth(history: ModelMessage[], inserts: ReadonlyArray<DepthInsert>): ModelMessage[] {
  if (inserts.length === 0) return history;
  const out = [...history];
  const byDepth = new Map<string, DepthInsert[]>();
  for (const i of inserts) byDepth.set(`${i.depth}:${i.role}`, [...(byDepth.get(`${i.depth}:${i.role}`) ?? []), i]);
  const groups = [...byDepth.values()].sort((a, b) => a[0]!.depth - b[0]!.depth);
  for (const group of groups) {
    const { depth, role } = group[0]!;
    const at = Math.max(0, history.length - depth);
    // Ascending depth = descending index: an earlier insert never shifts a later one's place.
    out.splice(at, 0, { role, parts: [{ type: "text", text: group.map((g) => g.text).join("\n") }] });
  }
  return out;
}

/** The activation as the prompt snapshot stores it (`worldinfo.read_activated` reads it). */
export function toWorldInfoActivation(
  result: ActivationResult | null,
  trigger: string,
  timestampMs: number,
): WorldInfoActivation {
  return {
    timestampMs,
    trigger,
    entries: (result?.entries ?? []).map((e) => ({
      world: e.world,
      uid: e.uid,
      ...(e.comment.trim() ? { displayName: e.comment } : {}),
      constant: e.constant,
      content: e.content,
      position: e.positionName,
    })),
  };
}
