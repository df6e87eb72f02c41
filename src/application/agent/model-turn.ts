/**
 * readModelTurn (docs/spec/agent-runtime.md §8, §9): the whitelisted projection of one stored model
 * response — never the raw response, signatures or encrypted reasoning.
 * `{runId, round, modelResponsePath, provider: {source?, format?, model?, responseId?, usage?},
 * assistant: {text, totalChars, totalWords, truncated}, narration, reasoning: [...], toolCalls:
 * [{callId, name, modelName?}]}`. Errors: `agent.run_not_found`, `agent.model_turn_not_found` (404).
 */
import { AppError } from "../../domain/errors";
import { modelResponsePath } from "../../domain/agent/loop/loop-state";
import type { ModelResponse } from "../../domain/models/ir";
import { bindingByAlias, readInvocationToolSnapshot } from "../../domain/tools/snapshot";
import { textMetrics } from "../../domain/workspace/text-metrics";
import { TOOL_SNAPSHOT_DOC } from "./loop/context";
import type { LoopDeps } from "./loop/deps";

function clip(text: string, maxChars: number) {
  const m = textMetrics(text);
  const truncated = m.chars > maxChars;
  return {
    text: truncated ? Array.from(text).slice(0, maxChars).join("") : text,
    totalChars: m.chars,
    totalWords: m.words,
    truncated,
  };
}

export function readModelTurn(
  deps: LoopDeps,
  input: { runId: string; round: number; invocationId?: string; maxChars?: number },
) {
  deps.runs.get(input.runId);
  const path = modelResponsePath(input.round, input.invocationId ?? "inv_root");
  const text = deps.store.getDoc(input.runId, path);
  if (text === null)
    throw new AppError("agent.model_turn_not_found", `Run ${input.runId} has no model turn ${input.round}.`, {
      runId: input.runId,
      round: input.round,
    });
  const response = JSON.parse(text) as ModelResponse;
  const snapshotText = deps.store.getDoc(input.runId, TOOL_SNAPSHOT_DOC);
  const snapshot = snapshotText ? readInvocationToolSnapshot(JSON.parse(snapshotText)) : null;
  const maxChars = input.maxChars ?? 40_000;
  const assistant = clip(response.text, maxChars);
  return {
    runId: input.runId,
    round: input.round,
    modelResponsePath: path,
    provider: {
      ...(response.providerState?.providerFormat ? { format: response.providerState.providerFormat } : {}),
      ...(response.modelId ? { model: response.modelId } : {}),
      ...(response.responseId ? { responseId: response.responseId } : {}),
      usage: response.usage,
    },
    assistant,
    narration: response.text.trim().length > 0 ? { source: "assistantText", ...assistant } : null,
    reasoning: response.reasoning.length > 0 ? [{ source: "reasoning", ...clip(response.reasoning, maxChars) }] : [],
    toolCalls: response.toolCalls.map((call) => {
      const binding = snapshot ? bindingByAlias(snapshot, call.alias) : undefined;
      return { callId: call.id, name: binding?.descriptor.id ?? call.alias, modelName: call.alias };
    }),
  };
}
