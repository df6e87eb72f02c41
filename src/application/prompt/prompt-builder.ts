/**
 * The one server-side prompt builder (docs/spec/generation.md "Prompt"; docs/decisions/1901),
 * shared by chat generation and Agent runs: a system message (system prompt, character card,
 * persona), then the newest history that fits the connection's prompt budget, in chat order.
 *
 * Budget: `budgetTokens` (the connection's context window minus its reply reserve) minus the system
 * message, minus `reservedText` (tool definitions), minus MESSAGE_OVERHEAD_TOKENS per message.
 * History is read newest first in pages of PAGE rows and reading stops at the first message that
 * does not fit, so a send reads (and counts) only what can be sent. Token counts come from the
 * TokenCounter and are cached per message revision (MessageTokenCache): a message is counted once.
 *
 * World Info (docs/spec/worldinfo.md §5): with `lore`, the chat's linked character and attached
 * books are read, entries activated on the newest messages (world-info-step.ts), placed in the
 * system message or at depth, and counted with the system message; `worldInfo` in the result is
 * the activation (null without books).
 *
 * Chat generation keeps tool rows (paired with their assistant tool calls, prompt-parts.ts);
 * Agent runs leave them out.
 *
 * Errors: `chat.not_found` (404); `chat.prompt_budget_exceeded` (400) when the system message and
 * tools, or the newest message alone, do not fit the budget (details: `budgetTokens`, `neededTokens`).
 */
import { AppError } from "../../domain/errors";
import type { MessageRecord } from "../../domain/chats/types";
import type { ModelMessage } from "../../domain/models/ir";
import { historyMessages, systemText, type Persona } from "../../domain/prompt/prompt-parts";
import type { ChatRecord } from "../../domain/chats/types";
import type { ActivationResult } from "../../domain/worldinfo/activation";
import type { ChatRepository } from "../../ports/chat-repository";
import type { ChatLore } from "../worldinfo/lore";
import { insertAtDepth, placeWorldInfo, type PlacedWorldInfo } from "./world-info-step";
import type { MessageTokenCache } from "../../ports/message-token-cache";
import type { TokenCounter } from "../../ports/token-counter";

/** Tokens added per message for role and framing (OpenAI's chat format uses 3–4). */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** History rows read per page. */
export const PAGE = 200;

export interface PromptBuildInput {
  chatId: string;
  /** Keep tool rows and assistant tool calls (chat generation) or leave them out (Agent runs). */
  includeTools: boolean;
  /** Prompt tokens available (context window − reply reserve). */
  budgetTokens: number;
  /** Text sent besides the messages (tool definitions as JSON); counted against the budget. */
  reservedText?: string;
  persona?: Persona;
  /** Messages left out (the reply a regenerate or swipe replaces). */
  excludeMessageIds?: ReadonlySet<string>;
}

export interface BuiltPrompt {
  /** System message (when any text) + history, chat order. */
  messages: ModelMessage[];
  /** Tokens of everything counted (system, history, overheads, reserved). */
  promptTokens: number;
  /** History rows included / considered (considered = every row of the chat not excluded). */
  includedMessages: number;
  /** True when older messages were left out for the budget. */
  trimmed: boolean;
  /** The World Info activation of this prompt, or null when the chat has no books. */
  worldInfo: ActivationResult | null;
}

export interface PromptBuilderDeps {
  repo: ChatRepository;
  tokens: MessageTokenCache;
  counter: () => Promise<TokenCounter>;
  /** The chat's linked character and attached books (docs/spec/worldinfo.md §4); none when absent. */
  lore?: (chat: ChatRecord) => ChatLore;
}

export class PromptBuilder {
  constructor(private readonly deps: PromptBuilderDeps) {}

  /** See the file docstring. */
  async build(input: PromptBuildInput): Promise<BuiltPrompt> {
    const { repo } = this.deps;
    const chat = repo.chats.get(input.chatId);
    if (!chat)
      throw new AppError("chat.not_found", "This chat does not exist (it may have been deleted on another device).", {
        chatId: input.chatId,
      });
    const counter = await this.deps.counter();
    const lore = this.deps.lore?.(chat) ?? null;
    const placed: PlacedWorldInfo | null =
      lore && lore.books.length > 0
        ? placeWorldInfo(repo, input.chatId, lore, {
            ...(input.excludeMessageIds ? { excluded: input.excludeMessageIds } : {}),
            contextTokens: input.budgetTokens,
            counter,
          })
        : null;
    const system = systemText(
      chat,
      input.persona,
      lore ? { character: lore.character, before: placed?.before ?? [], after: placed?.after ?? [] } : undefined,
    );
    const depthTokens = (placed?.atDepth ?? []).reduce(
      (n, d) => n + counter.count(d.text) + MESSAGE_OVERHEAD_TOKENS,
      0,
    );
    const fixed =
      (system ? counter.count(system) + MESSAGE_OVERHEAD_TOKENS : 0) +
      depthTokens +
      (input.reservedText ? counter.count(input.reservedText) : 0);
    if (fixed > input.budgetTokens) throw overBudget(input.budgetTokens, fixed, "the system prompt and tools");
    let remaining = input.budgetTokens - fixed;
    const kept: MessageRecord[] = [];
    let trimmed = false;
    const last = repo.messages.last(input.chatId);
    let beforeSeq = last ? last.seq + 1 : 0;
    outer: while (beforeSeq > 0) {
      const page = repo.messages.before(input.chatId, beforeSeq, 0, PAGE);
      if (page.length === 0) break;
      const wanted = page.filter(
        (m) => !input.excludeMessageIds?.has(m.messageId) && (input.includeTools || m.role !== "tool"),
      );
      const counts = this.counts(input.chatId, wanted, counter);
      for (let i = page.length - 1; i >= 0; i -= 1) {
        const message = page[i]!;
        if (!counts.has(message.messageId)) continue;
        const cost = counts.get(message.messageId)! + MESSAGE_OVERHEAD_TOKENS;
        if (cost > remaining) {
          if (kept.length === 0) throw overBudget(input.budgetTokens, fixed + cost, "the newest message");
          trimmed = true;
          break outer;
        }
        remaining -= cost;
        kept.push(message);
      }
      beforeSeq = page[0]!.seq;
      if (page.length < PAGE) break;
    }
    kept.reverse();
    const messages: ModelMessage[] = [];
    if (system) messages.push({ role: "system", parts: [{ type: "text", text: system }] });
    messages.push(...insertAtDepth(historyMessages(kept, input.includeTools), placed?.atDepth ?? []));
    return {
      messages,
      promptTokens: input.budgetTokens - remaining,
      includedMessages: kept.length,
      trimmed,
      worldInfo: placed?.result ?? null,
    };
  }

  /** Token counts (text + stored tool calls) of `messages`, from the cache or counted and cached now. */
  private counts(chatId: string, messages: MessageRecord[], counter: TokenCounter): Map<string, number> {
    const cached = this.deps.tokens.read(chatId, messages);
    const fresh: Array<{ messageId: string; revision: number; tokens: number }> = [];
    for (const message of messages) {
      if (cached.has(message.messageId)) continue;
      const tokens =
        counter.count(message.text) + (message.toolCalls ? counter.count(JSON.stringify(message.toolCalls)) : 0);
      cached.set(message.messageId, tokens);
      fresh.push({ messageId: message.messageId, revision: message.revision, tokens });
    }
    if (fresh.length > 0) this.deps.tokens.write(chatId, fresh);
    return cached;
  }
}

function overBudget(budgetTokens: number, neededTokens: number, what: string): AppError {
  return new AppError(
    "chat.prompt_budget_exceeded",
    `The prompt does not fit the connection's context budget: ${what} alone need about ${neededTokens} tokens, and ${budgetTokens} are available. Raise the connection's context size (contextTokens) or lower its reply size (maxOutputTokens).`,
    { budgetTokens, neededTokens },
  );
}
