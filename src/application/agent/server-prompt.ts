/**
 * The prompt snapshot of an Agent run started without one (docs/spec/generation.md "Prompt";
 * docs/decisions/1902, superseding ADR 1500's browser-built snapshot): the shared prompt builder
 * with tool turns left out (an Agent run refuses them), within the connection's budget, as a
 * chat-completion payload `{messages: [{role, content}]}`. The input matches the run's frozen
 * prefix: regenerate (when the chat ends with a reply) and swipe leave the last message out.
 * The World Info activation of that prompt is stored with it as `worldInfoActivation`
 * (docs/spec/worldinfo.md §5), so `worldinfo.read_activated` reads what the run was given.
 */
import { asChatCompletionMessage, type Persona } from "../../domain/prompt/prompt-parts";
import type { PromptSnapshot } from "../../domain/agent/loop/prompt-snapshot";
import type { ChatRepository } from "../../ports/chat-repository";
import type { PromptBuilder } from "../prompt/prompt-builder";
import { toWorldInfoActivation } from "../prompt/world-info-step";
import type { AgentGenerationType } from "./start-run";

export async function buildServerPromptSnapshot(
  deps: { prompts: PromptBuilder; repo: ChatRepository },
  input: {
    chatId: string;
    generationType: AgentGenerationType;
    budgetTokens: number;
    persona?: Persona;
    /** When the activation happened (ms epoch), stored with it. */
    nowMs: number;
  },
): Promise<PromptSnapshot> {
  const last = deps.repo.messages.last(input.chatId);
  const dropLast =
    last !== null &&
    (input.generationType === "swipe" || (input.generationType === "regenerate" && last.role !== "user"));
  const built = await deps.prompts.build({
    chatId: input.chatId,
    includeTools: false,
    budgetTokens: input.budgetTokens,
    ...(input.persona ? { persona: input.persona } : {}),
    ...(dropLast ? { excludeMessageIds: new Set([last!.messageId]) } : {}),
  });
  return {
    chatCompletionPayload: { messages: built.messages.map(asChatCompletionMessage) },
    // Always present (empty without books), so worldinfo.read_activated answers what was activated.
    worldInfoActivation: toWorldInfoActivation(built.worldInfo, "agent_run", input.nowMs),
  };
}
