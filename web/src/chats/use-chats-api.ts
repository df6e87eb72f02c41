/** The chat API bound to the shell's client (memoized per client). */
import { useMemo } from "react";
import { useServices } from "../state/services";
import { chatsApi, type ChatsApi } from "./chats-api";

export function useChatsApi(): ChatsApi {
  const { api } = useServices();
  return useMemo(() => chatsApi(api), [api]);
}
