/**
 * Tool-call ids as the provider actually sent them, read from the raw response (raw stream chunks
 * or the raw JSON body), because the SDK invents an id when an OpenAI-compatible or Gemini answer
 * has none (docs/spec/agent-runtime.md §7: "missing → model.invalid_tool_call, never synthesized").
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
  /** Per id, the distinct call positions (`choice:index`) it was sent for (duplicate ids, ADR 1471). */
  private readonly positions = new Map<string, Set<string>>();

  constructor(private readonly mode: "chat" | "gemini" | "trusted") {}

  /** Feeds one raw stream chunk or the whole raw JSON body. Ignores anything unexpected. */
  add(raw: unknown): void {
    if (this.mode === "trusted" || !isObject(raw)) return;
    if (this.mode === "chat") {
      for (const [c, choice] of array(raw.choices).entries()) {
        if (!isObject(choice)) continue;
        const choiceKey = typeof choice.index === "number" ? choice.index : c;
        for (const holder of [choice.delta, choice.message]) {
          if (!isObject(holder)) continue;
          for (const [i, call] of array(holder.tool_calls).entries()) {
            if (isObject(call)) this.addId(call.id, `${choiceKey}:${typeof call.index === "number" ? call.index : i}`);
          }
        }
      }
      return;
    }
    if (typeof raw.responseId === "string" && raw.responseId !== "") this.responseId ??= raw.responseId;
    for (const candidate of array(raw.candidates)) {
      if (!isObject(candidate) || !isObject(candidate.content)) continue;
      for (const [i, part] of array(candidate.content.parts).entries()) {
        if (isObject(part) && isObject(part.functionCall)) this.addId(part.functionCall.id, `p:${i}`);
      }
    }
  }

  /** True when `id` came from the provider (always true in trusted mode). */
  sent(id: string): boolean {
    return this.mode === "trusted" || this.ids.has(id);
  }

  /**
   * The first id the provider sent for two different calls of one response, if any (the SDK
   * silently renames such a repeat when streaming, so the decoded calls alone cannot show it).
   */
  duplicatedId(): string | undefined {
    for (const [id, positions] of this.positions) if (positions.size > 1) return id;
    return undefined;
  }

  private addId(id: unknown, position: string): void {
    if (typeof id !== "string" || id.trim() === "") return;
    this.ids.add(id);
    const seen = this.positions.get(id) ?? new Set<string>();
    seen.add(position);
    this.positions.set(id, seen);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function array(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
