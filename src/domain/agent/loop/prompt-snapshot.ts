/**
 * The run's prompt snapshot (docs/spec/agent-runtime.md §1, §9 `startRunWithPromptSnapshot`): a
 * chat-completion payload (`messages` + sampling fields) and an optional world-info activation.
 * Validation refuses what the Agent loop never accepts from outside:
 * - `tools` / `functions` → `agent.external_tools_unsupported`;
 * - `tool_choice` / `function_call` → `agent.external_tool_choice_unsupported`;
 * - `role: "tool"` / `"function"` messages or assistant `tool_calls` / `function_call` →
 *   `agent.external_tool_turns_unsupported`;
 * - `stream: true` → `agent.stream_unsupported`;
 * - no messages, or a message that is not `{role: system|developer|user|assistant, content:
 *   string | [{type:"text", text}]}` → `agent.prompt_snapshot_invalid` (hosted extension);
 * - a sampling field out of range or of the wrong type (prompt-sampling.ts, ADR 1460) →
 *   `agent.prompt_snapshot_invalid` with `details.issues: [{path, field, message}]`, every bad
 *   field listed (`path` like `promptSnapshot.chatCompletionPayload.max_tokens`).
 * The sampling fields map onto ModelSettings; every other payload key is kept in the snapshot
 * document but not sent.
 */
import { AppError } from "../../errors";
import type { ModelMessage, ModelSettings } from "../../models/ir";
import { samplingIssues } from "./prompt-sampling";

/** docs/spec/agent-runtime.md §9 `worldInfoActivation`. */
export interface WorldInfoActivation {
  timestampMs?: number;
  trigger?: string;
  entries: Array<{
    world: string;
    uid: string | number;
    displayName?: string;
    constant?: boolean;
    content: string;
    position?: string;
  }>;
}

export interface PromptSnapshot {
  chatCompletionPayload: Record<string, unknown> & { messages: unknown[] };
  worldInfoActivation?: WorldInfoActivation;
  contextPolicy?: unknown;
}

const ROLES = new Set(["system", "developer", "user", "assistant"]);

function invalid(message: string): AppError {
  return new AppError("agent.prompt_snapshot_invalid", message);
}

/** Validates the payload (codes above). */
export function validatePromptSnapshot(snapshot: PromptSnapshot): void {
  const payload = snapshot.chatCompletionPayload;
  if (payload.tools !== undefined || payload.functions !== undefined) {
    throw new AppError(
      "agent.external_tools_unsupported",
      "Agent runs use the profile's tools; remove `tools` from the chat-completion payload.",
    );
  }
  if (payload.tool_choice !== undefined || payload.function_call !== undefined) {
    throw new AppError(
      "agent.external_tool_choice_unsupported",
      "Agent runs choose tools themselves; remove `tool_choice` from the chat-completion payload.",
    );
  }
  if (payload.stream === true)
    throw new AppError(
      "agent.stream_unsupported",
      "Agent runs already stream their model text live to every open device (agent.model_delta); remove `stream: true` from the chat-completion payload.",
    );
  const issues = samplingIssues(payload);
  if (issues.length > 0) {
    throw new AppError(
      "agent.prompt_snapshot_invalid",
      `The chat-completion payload's sampling settings are not valid: ${issues.map((i) => i.message).join("; ")}.`,
      { issues },
    );
  }
  if (!Array.isArray(payload.messages) || payload.messages.length === 0)
    throw invalid("The prompt snapshot has no messages.");
  payload.messages.forEach((message, index) => {
    if (typeof message !== "object" || message === null || Array.isArray(message))
      throw invalid(`messages[${index}] is not an object.`);
    const m = message as Record<string, unknown>;
    if (
      m.role === "tool" ||
      m.role === "function" ||
      m.tool_calls !== undefined ||
      m.function_call !== undefined ||
      m.tool_call_id !== undefined
    ) {
      throw new AppError(
        "agent.external_tool_turns_unsupported",
        `messages[${index}] is a tool turn; an Agent run's input cannot contain tool calls or tool results.`,
      );
    }
    if (typeof m.role !== "string" || !ROLES.has(m.role))
      throw invalid(`messages[${index}] has role ${JSON.stringify(m.role)}; use system, user or assistant.`);
    messageText(m.content, index);
  });
}

function messageText(content: unknown, index: number): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part, p) => {
        if (
          typeof part === "object" &&
          part !== null &&
          (part as { type?: unknown }).type === "text" &&
          typeof (part as { text?: unknown }).text === "string"
        )
          return (part as { text: string }).text;
        throw invalid(`messages[${index}].content[${p}] is not a text part; Agent runs take text prompts only.`);
      })
      .join("");
  }
  if (content === null || content === undefined) return "";
  throw invalid(`messages[${index}].content must be a string or a list of text parts.`);
}

/** The payload's messages in the canonical IR (validated first). */
export function snapshotMessages(snapshot: PromptSnapshot): ModelMessage[] {
  return snapshot.chatCompletionPayload.messages.map((raw, index) => {
    const m = raw as Record<string, unknown>;
    return { role: m.role as ModelMessage["role"], parts: [{ type: "text", text: messageText(m.content, index) }] };
  });
}

const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** Sampling fields of the payload as ModelSettings (`max_tokens`/`max_completion_tokens`, `temperature`, `top_p`, `top_k`, `stop`, `seed`, penalties). */
export function snapshotSettings(snapshot: PromptSnapshot): ModelSettings {
  const p = snapshot.chatCompletionPayload;
  const settings: ModelSettings = {};
  const maxTokens = num(p.max_completion_tokens) ?? num(p.max_tokens);
  if (maxTokens !== undefined) settings.maxOutputTokens = maxTokens;
  if (num(p.temperature) !== undefined) settings.temperature = num(p.temperature)!;
  if (num(p.top_p) !== undefined) settings.topP = num(p.top_p)!;
  if (num(p.top_k) !== undefined) settings.topK = num(p.top_k)!;
  if (num(p.seed) !== undefined) settings.seed = num(p.seed)!;
  if (num(p.presence_penalty) !== undefined) settings.presencePenalty = num(p.presence_penalty)!;
  if (num(p.frequency_penalty) !== undefined) settings.frequencyPenalty = num(p.frequency_penalty)!;
  if (typeof p.stop === "string") settings.stopSequences = [p.stop];
  else if (Array.isArray(p.stop) && p.stop.every((s) => typeof s === "string"))
    settings.stopSequences = p.stop as string[];
  return settings;
}
