/**
 * Tool-call ids as the provider actually sent them, read from the raw response (raw stream chunks
 * or the raw JSON body), because the SDK invents an id when an OpenAI-compatible or Gemini answer
 * has none (contracts.md §3.15: "missing → model.invalid_tool_call, never synthesized").
 *
 * - chat (OpenAI Chat Completions and compatible): `choices[].delta.tool_calls[].id` (stream) or
 *   `choices[].message.tool_calls[].id` (JSON).
 * - gemini: `candidates[].content.parts[].functionCall.id` plus the top-level `responseId`.
 * - trusted (Anthropic, Responses): the SDK's schemas require the id, so nothing to collect.
 */

/** Ids and response id collected from a raw response. */
export class RawIdCollector {
  readonly ids = new Set<string>();
  responseId: string | undefined;

  constructor(private readonly mode: "chat" | "gemini" | "trusted") {}

  /** Feeds one raw stream chunk or the whole raw JSON body. Ignores anything unexpected. */
  add(raw: unknown): void {
    if (this.mode === "trusted" || !isObject(raw)) return;
    if (this.mode === "chat") {
      for (const choice of array(raw.choices)) {
        if (!isObject(choice)) continue;
        for (const holder of [choice.delta, choice.message]) {
          if (!isObject(holder)) continue;
          for (const call of array(holder.tool_calls)) this.addId(isObject(call) ? call.id : undefined);
        }
      }
      return;
    }
    if (typeof raw.responseId === "string" && raw.responseId !== "") this.responseId ??= raw.responseId;
    for (const candidate of array(raw.candidates)) {
      if (!isObject(candidate) || !isObject(candidate.content)) continue;
      for (const part of array(candidate.content.parts)) {
        if (isObject(part) && isObject(part.functionCall)) this.addId(part.functionCall.id);
      }
    }
  }

  /** True when `id` came from the provider (always true in trusted mode). */
  sent(id: string): boolean {
    return this.mode === "trusted" || this.ids.has(id);
  }

  private addId(id: unknown): void {
    if (typeof id === "string" && id.trim() !== "") this.ids.add(id);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function array(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
