/**
 * Starting a chat generation (docs/spec/generation.md "Starting"): `POST /chats/:chatId/generate`.
 * Everything that can fail is checked before anything is written: the chat, the intent, the
 * connection (and its key), the one cached-only MCP tool read of this root generation and the
 * provider's tool limit. Then, in one synchronous section (no other request interleaves): the
 * one-generation-per-chat check, the user message (normal only), the record, the
 * `chat.generation_started` frame and the lease job. Returns at once; the steps run detached.
 *
 * Errors: `chat.not_found` (404), `chat.generation_active` (409, details.generationId),
 * `chat.generation_invalid_intent` (400), `model.connection_not_found` (404), `secrets.*`,
 * `model.too_many_tools` (400, details.toolCount / details.limit), the append codes of the user
 * message (`chat.message_text_too_large`, …).
 */
import { AppError } from "../../domain/errors";
import { toApprovalView } from "../../domain/approvals/approval";
import type { Persona } from "../../domain/prompt/prompt-parts";
import {
  DEFAULT_MAX_TOOL_ROUNDS,
  newGenerationId,
  type FrozenTool,
  type GenerationRecord,
  type GenerationState,
  type GenerationTarget,
  type GenerationType,
} from "../../domain/generation/state";
import { providerToolLimit, tooManyTools } from "../../domain/generation/tool-limits";
import { appendMessage } from "../chats/chat-messages";
import { chatPersona, requireChat } from "../chats/chat-context";
import { GENERATION_STEP_JOB, type GenerationDeps } from "./deps";

export interface StartGenerationInput {
  chatId: string;
  generationType: GenerationType;
  userMessage?: { text: string; name?: string };
  connectionId?: string;
  maxToolRounds?: number;
  persona?: Persona;
}

export async function startGeneration(
  deps: GenerationDeps,
  input: StartGenerationInput,
): Promise<{ generationId: string }> {
  const chat = requireChat(deps.chats, input.chatId);
  // The request's persona wins, then the chat's, then the user's (docs/spec/chats.md "Personas").
  const persona = input.persona ?? chatPersona(deps.chats, chat) ?? undefined;
  if (input.userMessage && input.generationType !== "normal")
    throw new AppError(
      "chat.generation_invalid_intent",
      `A ${input.generationType} generation cannot take a new user message; send it with a normal generation.`,
    );
  busyCheck(deps, input.chatId);
  const budget = deps.budgetFor(input.connectionId ?? null);
  const gateway = await deps.gatewayFor(budget.connectionId);
  const resolution = await deps.listTools();
  const tools: FrozenTool[] = resolution.tools.map((tool) => ({
    toolId: tool.descriptor.id,
    serverDisplayName: tool.serverDisplayName,
    nativeName: tool.descriptor.id.slice(tool.descriptor.id.indexOf(":") + 1),
    description:
      tool.descriptor.description ||
      tool.descriptor.title ||
      tool.descriptor.id.slice(tool.descriptor.id.indexOf(":") + 1),
    inputSchema: structuredClone(tool.descriptor.inputSchema) as Record<string, unknown>,
  }));
  for (const diagnostic of resolution.diagnostics)
    console.log(
      JSON.stringify({ level: "info", code: diagnostic.code, message: `[Legacy MCP] ${diagnostic.message}` }),
    );
  const maxToolRounds = input.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
  const limit = providerToolLimit(gateway.provider);
  if (maxToolRounds > 0 && limit !== null && tools.length > limit)
    throw tooManyTools(tools.length, limit, gateway.provider);
  // From here on: synchronous (the busy check and the writes cannot interleave with another request).
  busyCheck(deps, input.chatId);
  const target = resolveTarget(deps, input.chatId, input.generationType);
  const now = deps.clock.now();
  if (input.userMessage)
    appendMessage(deps.chats, input.chatId, {
      role: "user",
      text: input.userMessage.text,
      ...(input.userMessage.name !== undefined
        ? { name: input.userMessage.name }
        : input.persona?.name?.trim()
          ? { name: input.persona.name.trim() }
          : {}),
    });
  const generationId = newGenerationId();
  const state: GenerationState = {
    phase: "model",
    chatId: input.chatId,
    generationType: input.generationType,
    connectionId: budget.connectionId,
    ...(persona ? { persona } : {}),
    maxToolRounds,
    round: 1,
    attempt: 1,
    inAttempt: false,
    target,
    tools,
    aliases: {},
    batch: null,
    batchesSaved: 0,
    messageIds: [],
  };
  const record: GenerationRecord = {
    generationId,
    chatId: input.chatId,
    status: "running",
    generationType: input.generationType,
    state,
    text: "",
    reasoning: "",
    lastSeq: 0,
    messageIds: [],
    error: null,
    createdAt: now,
    updatedAt: now,
    endedAt: null,
  };
  deps.store.insert(record);
  deps.sockets.broadcast({
    type: "chat.generation_started",
    generationId,
    chatId: input.chatId,
    generationType: input.generationType,
  });
  // The first step starts from the alarm, not from this request (work started by a request is
  // cancelled with it in workerd once the request ends).
  deps.scheduler.schedule(GENERATION_STEP_JOB, generationId, now);
  return { generationId };
}

function busyCheck(deps: GenerationDeps, chatId: string): void {
  const active = deps.store.activeForChat(chatId);
  if (!active) return;
  // A reply parked on an approval names it, so the user can answer or stop it (docs/spec/approvals.md).
  const pending = deps.approvals.pendingFor({ generationId: active.generationId });
  const first = pending[0];
  throw new AppError(
    "chat.generation_active",
    first
      ? `A reply in this chat is waiting for your approval of the tool "${first.alias}" (${first.serverName}). Approve, deny or stop it first.`
      : "A reply is already being generated in this chat. Wait for it or stop it first.",
    {
      generationId: active.generationId,
      ...(first ? { pendingApproval: toApprovalView(first), approvalIds: pending.map((a) => a.id) } : {}),
    },
  );
}

/** Where the reply goes, as SillyTavern does (docs/spec/generation.md "Types"). */
function resolveTarget(deps: GenerationDeps, chatId: string, type: GenerationType): GenerationTarget {
  const last = deps.chats.repo.messages.last(chatId);
  if (type === "normal") return { kind: "append" };
  if (type === "regenerate")
    return last && last.role === "assistant" ? { kind: "replace", messageId: last.messageId } : { kind: "append" };
  if (!last || last.role !== "assistant")
    throw new AppError(
      "chat.generation_invalid_intent",
      type === "swipe"
        ? "A swipe needs the chat to end with a reply from the character."
        : "Continue needs the chat to end with a reply from the character.",
    );
  return type === "swipe"
    ? { kind: "swipe", messageId: last.messageId }
    : { kind: "continue", messageId: last.messageId };
}
