/**
 * The chat's generation, live on every device (docs/spec/generation.md §7; docs/spec/web-chat.md §1):
 * `chat.generation_started` / `_delta` / `_ended` frames for this chat drive a LiveGeneration; a
 * device that opens the chat (or reconnects) while one runs reads `GET …/generations/:id` and then
 * applies only later deltas. `start` sends `POST …/generate`, `stop` `POST …/stop`. An ended
 * generation's error (e.g. `model.rate_limited`) stays shown until the next start.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError, type DescribedError } from "../api/client";
import { useServices } from "../state/services";
import { useFrame } from "../state/use-socket";
import { startedGeneration, withBase, withDelta, type LiveGeneration } from "./live-generation";
import type { GenerationType } from "./types";
import { useChatsApi } from "./use-chats-api";

export interface GenerationControls {
  live: LiveGeneration | null;
  /** The last start, stop or ended-generation error (cleared by the next start). */
  error: DescribedError | null;
  starting: boolean;
  start(generationType: GenerationType, userText?: string): Promise<boolean>;
  stop(): void;
}

/** `active` = the chat's `activeGeneration` from its last load (null when none). */
export function useGeneration(chatId: string, active: { generationId: string } | null): GenerationControls {
  const { socket } = useServices();
  const chats = useChatsApi();
  const [live, setLive] = useState<LiveGeneration | null>(null);
  const [error, setError] = useState<DescribedError | null>(null);
  const [starting, setStarting] = useState(false);
  /** Generations seen ending (a fast one can end before its own 202 is read). */
  const ended = useRef(new Set<string>());

  const join = useCallback(
    async (generationId: string) => {
      try {
        const view = await chats.generation(chatId, generationId);
        if (view.status !== "running" && view.status !== "stopping") {
          setLive((l) => (l?.generationId === generationId ? null : l));
          return;
        }
        setLive((l) =>
          withBase(
            l?.generationId === generationId
              ? l
              : startedGeneration(generationId, view.generationType as GenerationType),
            {
              round: view.round,
              attempt: view.attempt,
              lastSeq: view.lastSeq,
              text: view.text,
              reasoning: view.reasoning,
            },
          ),
        );
        if (view.status === "stopping") setLive((l) => (l ? { ...l, stopping: true } : l));
      } catch {
        // Gone meanwhile (ended and expired): the saved messages arrive as frames.
        setLive((l) => (l?.generationId === generationId ? null : l));
      }
    },
    [chats, chatId],
  );

  const activeId = active?.generationId ?? null;
  useEffect(() => {
    if (activeId) void join(activeId);
    else setLive((l) => (l && l.base === null && l.deltas.length === 0 ? l : null));
  }, [activeId, join]);

  const mine = (frame: { chatId: string }) => frame.chatId === chatId;
  useFrame(socket, "chat.generation_started", (frame) => {
    if (!mine(frame)) return;
    setError(null);
    setLive((l) =>
      l?.generationId === frame.generationId
        ? l
        : startedGeneration(frame.generationId, frame.generationType as GenerationType),
    );
  });
  useFrame(socket, "chat.generation_delta", (frame) => {
    if (!mine(frame)) return;
    let unknown = false;
    setLive((l) => {
      const delta = { seq: frame.seq, round: frame.round, attempt: frame.attempt, kind: frame.kind, text: frame.text };
      if (l?.generationId === frame.generationId) return withDelta(l, delta);
      if (ended.current.has(frame.generationId)) return l;
      unknown = true;
      return withDelta(startedGeneration(frame.generationId, "normal"), delta);
    });
    if (unknown) void join(frame.generationId);
  });
  useFrame(socket, "chat.generation_ended", (frame) => {
    if (!mine(frame)) return;
    ended.current.add(frame.generationId);
    setLive((l) => (l?.generationId === frame.generationId ? null : l));
    if (frame.error) setError(frame.error);
  });

  const start = useCallback(
    async (generationType: GenerationType, userText?: string) => {
      setStarting(true);
      setError(null);
      try {
        const { generationId } = await chats.generate(chatId, {
          generationType,
          ...(userText !== undefined ? { userMessage: { text: userText } } : {}),
        });
        if (!ended.current.has(generationId))
          setLive((l) => (l?.generationId === generationId ? l : startedGeneration(generationId, generationType)));
        return true;
      } catch (cause) {
        setError(describeError(cause));
        return false;
      } finally {
        setStarting(false);
      }
    },
    [chats, chatId],
  );

  const liveId = live?.generationId ?? null;
  const stop = useCallback(() => {
    if (!liveId) return;
    setLive((l) => (l ? { ...l, stopping: true } : l));
    chats.stop(chatId, liveId).catch((cause: unknown) => setError(describeError(cause)));
  }, [chats, chatId, liveId]);

  return { live, error, starting, start, stop };
}
