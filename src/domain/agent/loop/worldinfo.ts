/**
 * `worldinfo.read_activated` (docs/spec/tool-system.md §2): reads the run's frozen
 * `promptSnapshot.worldInfoActivation` only. No args → index mode; `entries` → content mode.
 * Limits: ≤ 20 entries per call, full entry ≤ 8000 chars, range ≤ 8000, total ≤ 20000.
 * Errors (recoverable): `worldinfo.activation_unavailable`, `worldinfo.entry_not_found`,
 * `worldinfo.invalid_entry_range`, `worldinfo.read_too_large`, `tool.invalid_arguments`.
 */
import { textMetrics } from "../../workspace/text-metrics";
import { ToolError } from "../../workspace/tool-error";
import { badArgs, onlyKeys, optInt, sliceChars, type Args } from "./builtin-args";
import type { WorldInfoActivation } from "./prompt-snapshot";

const MAX_ENTRIES = 20;
const MAX_RANGE = 8000;
const MAX_TOTAL = 20_000;

export interface ToolOk {
  content: string;
  structured: unknown;
  resourceRefs: string[];
}

function refOf(entry: WorldInfoActivation["entries"][number], index: number): string {
  return entry.world && entry.uid !== undefined && entry.uid !== ""
    ? `worldinfo:${entry.world}#${entry.uid}`
    : `worldinfo:activated#${index}`;
}

export function readActivatedWorldInfo(activation: WorldInfoActivation | undefined, args: Args): ToolOk {
  onlyKeys(args, ["entries"], "worldinfo_read_activated");
  if (!activation || !Array.isArray(activation.entries)) {
    throw new ToolError(
      "worldinfo.activation_unavailable",
      "This run has no activated world info (the prompt snapshot carried none).",
    );
  }
  const all = activation.entries.map((entry, index) => ({ entry, ref: refOf(entry, index) }));
  const header = {
    ...(activation.timestampMs !== undefined ? { timestampMs: activation.timestampMs } : {}),
    ...(activation.trigger !== undefined ? { trigger: activation.trigger } : {}),
    totalEntries: all.length,
  };
  const base = (e: WorldInfoActivation["entries"][number], ref: string) => ({
    world: e.world,
    uid: e.uid,
    ...(e.displayName !== undefined ? { displayName: e.displayName } : {}),
    constant: e.constant ?? false,
    ...(e.position !== undefined ? { position: e.position } : {}),
  });
  if (args.entries === undefined) {
    const entries = all.map(({ entry, ref }) => {
      const m = textMetrics(entry.content ?? "");
      return { ...base(entry, ref), totalChars: m.chars, totalWords: m.words, ref };
    });
    const lines = entries.map((e) => `- ${e.displayName ?? e.uid} (${e.world}) ref ${e.ref}, ${e.totalChars} chars`);
    return {
      content: `${entries.length} activated world info entries:\n${lines.join("\n") || "(none)"}`,
      structured: { mode: "index", ...header, entries },
      resourceRefs: entries.map((e) => e.ref),
    };
  }
  if (!Array.isArray(args.entries) || args.entries.length === 0)
    throw badArgs('"entries" must be a non-empty list of {ref, start_char?, max_chars?}.');
  if (args.entries.length > MAX_ENTRIES)
    throw new ToolError("worldinfo.read_too_large", `Read at most ${MAX_ENTRIES} entries per call.`);
  let total = 0;
  const entries = args.entries.map((raw) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      throw badArgs("Each entry must be an object {ref, start_char?, max_chars?}.");
    const item = raw as Args;
    onlyKeys(item, ["ref", "start_char", "max_chars"], "worldinfo_read_activated entries");
    if (typeof item.ref !== "string") throw badArgs('Each entry needs a "ref" string.');
    const found = all.find((candidate) => candidate.ref === item.ref);
    if (!found)
      throw new ToolError(
        "worldinfo.entry_not_found",
        `No activated world info entry has ref ${item.ref}; list them without arguments first.`,
      );
    const start = optInt(item, "start_char", 0) ?? 0;
    const max = optInt(item, "max_chars", 1);
    if (max !== undefined && max > MAX_RANGE)
      throw new ToolError("worldinfo.read_too_large", `max_chars may be at most ${MAX_RANGE}.`);
    const text = found.entry.content ?? "";
    const slice = sliceChars(text, start, max);
    if (start > slice.totalChars)
      throw new ToolError(
        "worldinfo.invalid_entry_range",
        `start_char ${start} is past the end of ${item.ref} (${slice.totalChars} chars).`,
      );
    if (max === undefined && start === 0 && slice.totalChars > MAX_RANGE)
      throw new ToolError(
        "worldinfo.read_too_large",
        `${item.ref} has ${slice.totalChars} chars; read it in ranges of at most ${MAX_RANGE} with start_char/max_chars.`,
      );
    total += slice.endChar - slice.startChar;
    if (total > MAX_TOTAL)
      throw new ToolError(
        "worldinfo.read_too_large",
        `One call may return at most ${MAX_TOTAL} chars; read fewer entries or smaller ranges.`,
      );
    const m = textMetrics(slice.text);
    const all_ = textMetrics(text);
    return {
      ...base(found.entry, found.ref),
      content: slice.text,
      startChar: slice.startChar,
      endChar: slice.endChar,
      chars: m.chars,
      totalChars: all_.chars,
      words: m.words,
      totalWords: all_.words,
      truncated: slice.endChar < slice.totalChars || slice.startChar > 0,
      ref: found.ref,
    };
  });
  const content = entries
    .map(
      (e) =>
        `## ${e.displayName ?? e.uid} (${e.world}) chars ${e.startChar}-${e.endChar} of ${e.totalChars}\n${e.content}`,
    )
    .join("\n\n");
  return { content, structured: { mode: "content", ...header, entries }, resourceRefs: entries.map((e) => e.ref) };
}
