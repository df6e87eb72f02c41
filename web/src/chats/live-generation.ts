/**
 * The text of a generation as it streams (docs/spec/generation.md §7), as a pure state: the record
 * read from `GET …/generations/:id` (`base`: text of frames 1..lastSeq of one round and attempt)
 * plus every `chat.generation_delta` seen, in any order. The shown text is the latest round and
 * attempt's: the base when it is of that round and attempt, then each delta of it with a higher
 * seq, in seq order, each once. A new round or attempt starts over (the model's text of an earlier
 * round is saved as its own message; a retried attempt replaces its text).
 */
import type { GenerationType } from "./types";

export interface LiveDelta {
  seq: number;
  round: number;
  attempt: number;
  kind: "text" | "reasoning";
  text: string;
}

export interface LiveGeneration {
  generationId: string;
  generationType: GenerationType;
  /** The generation's `GET` record when read, else null (frames only). */
  base: { round: number; attempt: number; lastSeq: number; text: string; reasoning: string } | null;
  deltas: LiveDelta[];
  /** True once Stop was asked (from this device or another: `status: stopping`). */
  stopping: boolean;
}

/** A generation known only from its started frame (or this device's own 202). */
export function startedGeneration(generationId: string, generationType: GenerationType): LiveGeneration {
  return { generationId, generationType, base: null, deltas: [], stopping: false };
}

/** Adds a delta (ignored when its seq is already known). */
export function withDelta(live: LiveGeneration, delta: LiveDelta): LiveGeneration {
  if (live.deltas.some((d) => d.seq === delta.seq)) return live;
  return { ...live, deltas: [...live.deltas, delta] };
}

/** Adds the record read over HTTP (joining mid-stream). */
export function withBase(live: LiveGeneration, base: NonNullable<LiveGeneration["base"]>): LiveGeneration {
  return { ...live, base };
}

const later = (a: { round: number; attempt: number }, b: { round: number; attempt: number }) =>
  a.round > b.round || (a.round === b.round && a.attempt > b.attempt);

/** The round and attempt shown, and its text and reasoning so far. */
export function liveText(live: LiveGeneration): { round: number; text: string; reasoning: string } {
  let current = live.base ? { round: live.base.round, attempt: live.base.attempt } : { round: 1, attempt: 1 };
  for (const d of live.deltas) if (later(d, current)) current = { round: d.round, attempt: d.attempt };
  const same = (x: { round: number; attempt: number }) => x.round === current.round && x.attempt === current.attempt;
  const fromBase = live.base && same(live.base) ? live.base : null;
  const after = fromBase?.lastSeq ?? 0;
  const deltas = live.deltas.filter((d) => same(d) && d.seq > after).sort((a, b) => a.seq - b.seq);
  const join = (kind: LiveDelta["kind"]) =>
    deltas
      .filter((d) => d.kind === kind)
      .map((d) => d.text)
      .join("");
  return {
    round: current.round,
    text: (fromBase?.text ?? "") + join("text"),
    reasoning: (fromBase?.reasoning ?? "") + join("reasoning"),
  };
}

/** The last reply's identity and revision (what a swipe or continue streams into). */
export interface ReplyMark {
  messageId: string;
  revision: number;
}

/**
 * Where a streaming generation's text shows: `"into"` the last reply (a swipe or continue, round 1,
 * while the reply is still as it was when the stream began: `startedOn`), `"row"` its own bubble
 * after the last message, or `"none"` when the swipe or continue has been saved into the reply
 * already (a newer revision holds the streamed text; the end frame can come a moment later, and
 * adding the live text again would show the continuation twice).
 */
export function livePlacement(
  generationType: GenerationType,
  round: number,
  lastReply: ReplyMark | null,
  startedOn: ReplyMark | null,
): "into" | "row" | "none" {
  if (!lastReply || (generationType !== "swipe" && generationType !== "continue") || round !== 1) return "row";
  const saved =
    startedOn !== null && startedOn.messageId === lastReply.messageId && lastReply.revision > startedOn.revision;
  return saved ? "none" : "into";
}
