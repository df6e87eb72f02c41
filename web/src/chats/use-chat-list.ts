/**
 * The chat list, newest first, 20 per page ("Load more" follows `nextCursor`), kept live by
 * `chat.changed` frames (a new chat goes on top, a rename replaces it in place, `removed: true`
 * drops it) and reloaded after the socket reconnects.
 */
import { useCallback, useEffect, useState } from "react";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import type { Chat } from "./types";
import { useChatsApi } from "./use-chats-api";

export function useChatList() {
  const { socket } = useServices();
  const chats = useChatsApi();
  const [list, setList] = useState<Chat[] | null>(null);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const first = useAction(async () => {
    const page = await chats.list();
    setList(page.chats);
    setCursor(page.nextCursor);
  });
  const more = useAction(async (from: string) => {
    const page = await chats.list(from);
    setList((current) => {
      const known = new Set((current ?? []).map((c) => c.id));
      return [...(current ?? []), ...page.chats.filter((c) => !known.has(c.id))];
    });
    setCursor(page.nextCursor);
  });
  const upsert = useCallback((chat: Chat) => {
    setList((current) => {
      if (!current) return current;
      return current.some((c) => c.id === chat.id)
        ? current.map((c) => (c.id === chat.id ? chat : c))
        : [chat, ...current];
    });
  }, []);
  const drop = useCallback(
    (chatId: string) => setList((current) => current?.filter((c) => c.id !== chatId) ?? current),
    [],
  );

  const { run: reload } = first;
  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "chat.changed", (frame) => {
    if (frame.removed) return drop(frame.chatId);
    if (frame.chat) upsert(frame.chat);
  });
  useFrame(socket, "chat.message_added", (frame) => {
    const { chatId, messageCount } = frame;
    setList((current) => current?.map((c) => (c.id === chatId ? { ...c, messageCount } : c)) ?? current);
  });

  return {
    chats: list,
    loading: first.busy,
    error: first.error,
    reload,
    hasMore: cursor !== undefined,
    loadMore: () => (cursor ? void more.run(cursor) : undefined),
    loadingMore: more.busy,
    upsert,
    drop,
  };
}
