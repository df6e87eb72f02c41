/**
 * Tool-call id uniqueness within one model turn (docs/spec/agent-runtime.md §7; docs/decisions/1471).
 * Results are matched to calls by id, so a turn in which two calls share an id cannot be answered
 * faithfully (and the provider refuses the next request). `duplicateToolCallError(calls)` returns
 * the `model.invalid_tool_call` ModelError (not retryable; `details: {toolCallId, toolCallIndex,
 * firstIndex}`, 0-based indexes) for the first repeated id, or null when every id is distinct;
 * `duplicateIdError(label, id, index?, firstIndex?)` builds it when only the raw id is known.
 * Checked by the model adapter (src/adapters/llm/decode.ts, next to the missing-id check) and again
 * by the agent loop before the gate reviews the turn, so no call of such a turn ever runs.
 */
import { ModelError } from "./errors";
import type { ModelToolCall } from "./ir";

/** The `model.invalid_tool_call` error for `id` sent twice (positions 0-based, when known). */
export function duplicateIdError(providerLabel: string, id: string, index?: number, firstIndex?: number): ModelError {
  const where = index !== undefined && firstIndex !== undefined ? ` (calls ${firstIndex + 1} and ${index + 1})` : "";
  return new ModelError(
    "model.invalid_tool_call",
    `${providerLabel} sent two tool calls with the same id "${id}"${where} in one turn, so their results could not be told apart; nothing was run.`,
    {
      toolCallId: id,
      ...(index !== undefined ? { toolCallIndex: index } : {}),
      ...(firstIndex !== undefined ? { firstIndex } : {}),
    },
  );
}

export function duplicateToolCallError(
  calls: ReadonlyArray<Pick<ModelToolCall, "id" | "alias">>,
  providerLabel = "The model",
): ModelError | null {
  const seen = new Map<string, number>();
  for (const [index, call] of calls.entries()) {
    const first = seen.get(call.id);
    if (first !== undefined) return duplicateIdError(providerLabel, call.id, index, first);
    seen.set(call.id, index);
  }
  return null;
}
