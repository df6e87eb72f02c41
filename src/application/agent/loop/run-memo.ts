/**
 * RunMemo: what the agent step keeps in the object's memory between steps of a run
 * (docs/decisions/3101), so a round reads only what it needs instead of re-reading and re-parsing
 * the whole run:
 * - the conversation: each message's parsed form, written through by `appendMessage` (the only
 *   writer of `msg/NNNNNN` documents) and read from SQLite only when missing (after eviction), so
 *   the prompt history is appended to, not rebuilt, each round;
 * - the run's input documents (frozen profile, tool snapshot, prompt snapshot): parsed and validated
 *   once per distinct stored text; every step still reads the text from SQLite and compares it.
 * SQLite stays the source of truth: an evicted object starts empty. At most MAX_RUNS runs are kept
 * (least recently used dropped). Values are shared between steps: callers must not mutate them.
 */
import type { ModelMessage } from "../../../domain/models/ir";
import { rememberBounded } from "../../../domain/bounded-map";

/** Runs whose documents a user's object keeps parsed at once. */
export const MAX_RUNS = 16;

interface RunEntry {
  messages: Array<ModelMessage | undefined>;
  docs: Map<string, { text: string; value: unknown }>;
}

export class RunMemo {
  private readonly runs = new Map<string, RunEntry>();

  /** Records message `n` (1-based) of the run as stored in document text `text`. */
  rememberMessage(runId: string, n: number, text: string): void {
    this.entry(runId).messages[n - 1] = JSON.parse(text) as ModelMessage;
  }

  /**
   * Messages 1..count of the run, each from memory or, when missing, `read(n)` (the stored
   * document text, then remembered).
   */
  messages(runId: string, count: number, read: (n: number) => string): ModelMessage[] {
    const known = this.entry(runId).messages;
    const out: ModelMessage[] = [];
    for (let n = 1; n <= count; n += 1) {
      let message = known[n - 1];
      if (message === undefined) {
        message = JSON.parse(read(n)) as ModelMessage;
        known[n - 1] = message;
      }
      out.push(message);
    }
    return out;
  }

  /** `parse(text)`, once per distinct `text` of document `name` of the run. */
  parsed<T>(runId: string, name: string, text: string, parse: (text: string) => T): T {
    const docs = this.entry(runId).docs;
    const hit = docs.get(name);
    if (hit && hit.text === text) return hit.value as T;
    const value = parse(text);
    docs.set(name, { text, value });
    return value;
  }

  /** Drops everything kept for the run (it ended or was deleted). */
  forget(runId: string): void {
    this.runs.delete(runId);
    // A child invocation's conversation is kept under `<runId>/<invocationId>` (context.ts memoKey).
    for (const key of [...this.runs.keys()]) if (key.startsWith(`${runId}/`)) this.runs.delete(key);
  }

  private entry(runId: string): RunEntry {
    // Re-inserted on every use: most recently used last, the oldest out past MAX_RUNS.
    const entry: RunEntry = this.runs.get(runId) ?? { messages: [], docs: new Map() };
    rememberBounded(this.runs, runId, entry, MAX_RUNS);
    return entry;
  }
}
