/**
 * The live model text of a run (docs/spec/agent-runtime.md §9.2): once the socket's subscription to
 * the run is confirmed (`agent.subscribed`, again after every reconnect) it reads
 * `GET …/model-stream` (a device joining mid-stream) and applies `agent.model_delta` frames with a
 * higher seq; frames that arrive before the read answers are held and replayed after it. Reading
 * before the subscription exists would miss the frames sent in between. Each invocation (a parent
 * and its sub-agents stream at the same time) has its own text; a new attempt or round of an
 * invocation starts its text over.
 */
import { useEffect, useRef, useState } from "react";
import type { ServerFrameOf } from "../../api/types";
import { useServices } from "../../state/services";
import { useFrame } from "../../state/use-socket";
import type { InvocationStreamView, LiveStreams, ModelStreamView } from "./timeline-api";
import { useTimelineApi } from "./use-timeline-api";

type Delta = ServerFrameOf<"agent.model_delta">;

/** Applies one frame to its invocation's view (a frame of another attempt or round replaces the text). */
export function applyDelta(view: InvocationStreamView, frame: Delta): InvocationStreamView {
  if (frame.seq <= view.lastSeq) return view;
  const same = frame.invocationId === view.invocationId && frame.round === view.round && frame.attempt === view.attempt;
  const start = same ? view : { ...view, text: "", reasoning: "" };
  return {
    invocationId: frame.invocationId,
    round: frame.round,
    attempt: frame.attempt,
    text: frame.kind === "text" ? start.text + frame.text : start.text,
    reasoning: frame.kind === "reasoning" ? start.reasoning + frame.text : start.reasoning,
    lastSeq: frame.seq,
  };
}

/** The run's live streams as read: every invocation's latest attempt, and the run's last seq. */
export function streamsOf(read: ModelStreamView): LiveStreams {
  const views: Record<string, InvocationStreamView> = {};
  for (const view of read.streams ?? (read.round > 0 ? [read] : [])) views[view.invocationId] = view;
  return { lastSeq: read.lastSeq, views };
}

/** Applies one frame of the run to the invocation it belongs to; frames already seen are ignored. */
export function applyFrame(live: LiveStreams, frame: Delta): LiveStreams {
  if (frame.seq <= live.lastSeq) return live;
  const view = live.views[frame.invocationId] ?? emptyView(frame);
  return { lastSeq: frame.seq, views: { ...live.views, [frame.invocationId]: applyDelta(view, frame) } };
}

export function useModelStream(runId: string, active: boolean): LiveStreams | null {
  const { socket } = useServices();
  const api = useTimelineApi();
  const [view, setView] = useState<LiveStreams | null>(null);
  const early = useRef<Delta[] | null>([]);
  // Counts confirmed subscriptions to this run: each one (first, or after a reconnect) re-reads.
  const [subscribed, setSubscribed] = useState(0);
  useFrame(socket, "agent.subscribed", (frame) => {
    if (frame.runId === runId) setSubscribed((n) => n + 1);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every confirmed subscription and when the run becomes active
  useEffect(() => {
    if (!active || subscribed === 0) return;
    let live = true;
    early.current = [];
    api
      .modelStream(runId)
      .then((read) => {
        if (!live) return;
        const held = early.current ?? [];
        early.current = null;
        setView(held.reduce(applyFrame, streamsOf(read)));
      })
      .catch(() => {
        early.current = null;
      });
    return () => {
      live = false;
    };
  }, [api, runId, active, subscribed]);
  useFrame(socket, "agent.model_delta", (frame) => {
    if (frame.runId !== runId) return;
    if (early.current) early.current.push(frame);
    else setView((current) => applyFrame(current ?? { lastSeq: 0, views: {} }, frame));
  });
  return view;
}

function emptyView(frame: Delta): InvocationStreamView {
  return {
    invocationId: frame.invocationId,
    round: frame.round,
    attempt: frame.attempt,
    text: "",
    reasoning: "",
    lastSeq: 0,
  };
}
