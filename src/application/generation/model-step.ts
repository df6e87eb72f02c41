/**
 * Step `model` (docs/spec/generation.md "Steps"): one model call of round `round`, streamed.
 * - Aliases are allocated afresh for the round with §5.2 (docs/spec/generation.md "Tools") over
 *   the tools frozen at the start; a round past `maxToolRounds` is sent without tools so the model
 *   answers in text. More tools than the provider accepts → `model.too_many_tools` before sending.
 * - The prompt comes from the shared builder (tool rows kept; the reply a regenerate or swipe
 *   replaces left out), within the connection's budget minus the tool definitions.
 * - A step that finds `inAttempt` set (the object restarted mid-call) re-sends as attempt + 1; the
 *   live text of the round starts over (frames carry the new `attempt`).
 * - Text only → the reply is saved and the generation completes. Tool calls → the batch is kept in
 *   the state (each call bound through this round's aliases, a fresh executionCallId) → step `tool`.
 * - Model errors are not retried behind the user's back: the generation fails with the gateway's
 *   code and message (a rate limit keeps its retry time in `details`), keeping the text so far as
 *   a partial reply. Stop aborts the stream (the provider sees the request closed) → `stopped`.
 */
import { toWorldInfoActivation } from "../prompt/world-info-step";
import { AppError } from "../../domain/errors";
import type { BatchCall } from "../../domain/generation/state";
import { providerToolLimit, tooManyTools } from "../../domain/generation/tool-limits";
import type { ModelRequest, ModelResponse, ModelToolSpec } from "../../domain/models/ir";
import { duplicateToolCallError } from "../../domain/models/tool-call-ids";
import { allocateLegacyAliases } from "../../domain/tools/model-aliases";
import type { GenerationContext } from "./context";
import { completeWithReply, endInterrupted, toGenerationError } from "./finish";

/** Attempts of one round lost to restarts before the generation fails with `chat.generation_interrupted`. */
export const MAX_INTERRUPTED_ATTEMPTS = 5;

export async function modelStep(ctx: GenerationContext): Promise<void> {
  const { deps, state } = ctx;
  if (state.inAttempt) {
    // The object restarted while this round's request was out: re-send it as the next attempt.
    if (state.attempt >= MAX_INTERRUPTED_ATTEMPTS)
      throw new AppError(
        "chat.generation_interrupted",
        `The server restarted ${state.attempt} times while the model was answering; the generation was given up. Try again.`,
        { attempts: state.attempt },
      );
    state.attempt += 1;
  }
  const budget = deps.budgetFor(state.connectionId);
  const gateway = await deps.gatewayFor(state.connectionId);
  const specs = roundTools(ctx, gateway.provider);
  const excluded =
    state.target.kind === "replace" || state.target.kind === "swipe" ? new Set([state.target.messageId]) : undefined;
  const prompt = await deps.prompts.build({
    chatId: ctx.chatId,
    includeTools: true,
    budgetTokens: budget.promptTokens,
    ...(specs.length > 0 ? { reservedText: JSON.stringify(specs) } : {}),
    ...(state.persona ? { persona: state.persona } : {}),
    ...(excluded ? { excludeMessageIds: excluded } : {}),
  });
  state.worldInfoActivation = toWorldInfoActivation(prompt.worldInfo, "chat_generation", deps.clock.now());
  const request: ModelRequest = {
    messages: prompt.messages,
    ...(specs.length > 0 ? { tools: specs, toolChoice: "auto" as const } : {}),
    ...(budget.sendMaxOutputTokens !== undefined ? { settings: { maxOutputTokens: budget.sendMaxOutputTokens } } : {}),
  };
  state.inAttempt = true;
  ctx.save();
  ctx.live.begin(state.round, state.attempt);
  let response: ModelResponse;
  try {
    response = await deps.outbound.run(
      () =>
        gateway.step(request, {
          signal: ctx.signal,
          timeoutMs: deps.modelCallMs,
          stream: true,
          onDelta: (delta) => ctx.live.push(delta.type, delta.text),
        }),
      { signal: ctx.signal },
    );
    const duplicate = duplicateToolCallError(response.toolCalls);
    if (duplicate) throw duplicate;
  } catch (error) {
    ctx.live.flushAll();
    const stopped = ctx.stopRequested();
    endInterrupted(ctx, stopped ? "stopped" : "failed", stopped ? null : toGenerationError(error), {
      text: ctx.live.text,
      reasoning: ctx.live.reasoning,
      partial: true,
    });
    return;
  }
  ctx.live.flushAll();
  state.inAttempt = false;
  if (ctx.stopRequested()) {
    endInterrupted(ctx, "stopped", null, { text: response.text, reasoning: response.reasoning, partial: true });
    return;
  }
  if (response.toolCalls.length === 0) {
    completeWithReply(ctx, response.text, response.reasoning);
    return;
  }
  const calls: BatchCall[] = response.toolCalls.map((call) => ({
    callId: call.id,
    alias: call.alias,
    toolId: Object.hasOwn(state.aliases, call.alias) ? state.aliases[call.alias]! : null,
    argumentsText: call.argumentsText,
    executionCallId: crypto.randomUUID(),
    status: "pending",
  }));
  state.batch = { text: response.text, reasoning: response.reasoning, calls };
  state.phase = "tool";
  ctx.save();
}

/** This round's tool definitions with fresh §5.2 aliases (none past maxToolRounds). */
function roundTools(ctx: GenerationContext, provider: Parameters<typeof providerToolLimit>[0]): ModelToolSpec[] {
  const { state } = ctx;
  state.aliases = {};
  if (state.round > state.maxToolRounds || state.tools.length === 0) return [];
  const limit = providerToolLimit(provider);
  if (limit !== null && state.tools.length > limit) throw tooManyTools(state.tools.length, limit, provider);
  const aliases = allocateLegacyAliases(
    state.tools.map((tool) => ({ serverDisplayName: tool.serverDisplayName, nativeName: tool.nativeName })),
    new Set(),
  );
  return state.tools.map((tool, index) => {
    const alias = aliases[index]!;
    if (Object.hasOwn(state.aliases, alias))
      throw new AppError("app.internal_error", `Alias ${alias} was allocated twice in one round.`);
    state.aliases[alias] = tool.toolId;
    return { alias, description: tool.description, inputSchema: structuredClone(tool.inputSchema) };
  });
}
