/** The World Info books, kept live: `worldinfo.changed` (any device) and a socket reconnect re-read them. */
import { useEffect, useMemo, useState } from "react";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import type { BookSummary } from "./types";
import { worldInfoApi } from "./worldinfo-api";

export function useWorldInfoApi() {
  const { api } = useServices();
  return useMemo(() => worldInfoApi(api), [api]);
}

export function useBooks() {
  const { socket } = useServices();
  const books = useWorldInfoApi();
  const [list, setList] = useState<BookSummary[] | null>(null);
  const load = useAction(async () => setList((await books.list()).books), { toastErrors: false });
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "worldinfo.changed", () => void reload());
  return { list, error: load.error, reload };
}
