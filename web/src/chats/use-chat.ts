/**
 * One chat and a window of its latest messages, kept live: loads the chat and its last 50
 * messages, "Load older" pages back 50 at a time (`beforeMessageId`), and `chat.changed`,
 * `chat.message_added`, `chat.message_updated`, `chat.message_removed` frames for this chat update
 * it in place (a frame for a message this window has not loaded is ignored, except appends).
 * After a reconnect the window is reloaded (frames sent while offline are not replayed).
 */
import { useCallback, useEffect, useState } from "react";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import type { Chat, ChatMessage } from "./types";
import { useChatsApi } from "./use-chats-api";

export const MESSAGE_PAGE = 50;

function upsertMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = list.findIndex((m) => m.messageId === message.messageId);
  if (at === -1) return [...list, message];
  if (list[at]!.revision > message.revision) return list;
  const next = [...list];
  next[at] = message;
  return next;
}

export function useChat(chatId: string) {
  const { socket } = useServices();
  const chats = useChatsApi();
  const [chat, setChat] = useState<Chat | null>(null);
  const [activeGeneration, setActiveGeneration] = useState<{ generationId: string } | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [removed, setRemoved] = useState(false);
  const [loaded, setLoaded] = useState(0);

  const load = useAction(
    async (limit: number) => {
      const [current, window] = await Promise.all([
        chats.get(chatId),
        chats.messages(chatId, { limit, fromEnd: true }),
      ]);
      const { activeGeneration: active, ...view } = current;
      setChat(view);
      setActiveGeneration(active ? { generationId: active.generationId } : null);
      setMessages(window.messages);
      setTotal(window.total);
      setLoaded((n) => n + 1);
    },
    { toastErrors: false },
  );
  const older = useAction(async (beforeMessageId: string) => {
    const window = await chats.messages(chatId, { limit: MESSAGE_PAGE, beforeMessageId });
    setMessages((list) => {
      const known = new Set(list.map((m) => m.messageId));
      return [...window.messages.filter((m) => !known.has(m.messageId)), ...list];
    });
    setTotal(window.total);
  });

  const { run: reload } = load;
  useEffect(() => {
    void reload(MESSAGE_PAGE);
  }, [reload]);
  useReconnected(socket, () => void reload(Math.min(200, Math.max(MESSAGE_PAGE, messages.length))));

  const mine = (frame: { chatId: string }) => frame.chatId === chatId;
  useFrame(socket, "chat.changed", (frame) => {
    if (!mine(frame)) return;
    if (frame.removed) return setRemoved(true);
    if (frame.chat) setChat(frame.chat);
  });
  useFrame(socket, "chat.message_added", (frame) => {
    if (!mine(frame)) return;
    setMessages((list) => upsertMessage(list, frame.message));
    setTotal(frame.messageCount);
  });
  useFrame(socket, "chat.message_updated", (frame) => {
    if (!mine(frame)) return;
    const { message } = frame;
    setMessages((list) => (list.some((m) => m.messageId === message.messageId) ? upsertMessage(list, message) : list));
  });
  useFrame(socket, "chat.message_removed", (frame) => {
    if (!mine(frame)) return;
    setMessages((list) => list.filter((m) => m.messageId !== frame.messageId));
    setTotal(frame.messageCount);
  });

  /** Applies a write this page made itself (the frame may come before or after). */
  const applyMessage = useCallback((message: ChatMessage) => setMessages((list) => upsertMessage(list, message)), []);
  /** Applies a chat this page changed itself (the `chat.changed` frame may come before or after). */
  const applyChat = useCallback((next: Chat) => setChat(next), []);
  const forgetMessage = useCallback(
    (messageId: string) => setMessages((list) => list.filter((m) => m.messageId !== messageId)),
    [],
  );
  const first = messages[0];
  return {
    chat,
    /** The generation running when the chat was (re)loaded, or null. */
    activeGeneration,
    messages,
    total,
    removed,
    loading: load.busy,
    loaded: loaded > 0,
    error: load.error,
    reload: () => void reload(MESSAGE_PAGE),
    hasOlder: first !== undefined && messages.length < total,
    loadOlder: () => (first ? void older.run(first.messageId) : undefined),
    loadingOlder: older.busy,
    applyMessage,
    applyChat,
    forgetMessage,
  };
}
