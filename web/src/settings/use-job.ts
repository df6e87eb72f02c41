/**
 * Follows an export or restore job until it ends: its `export.progress` / `restore.progress`
 * frames update the bar at once, and the job is read again on each frame and after a socket
 * reconnect (a frame missed while offline is never lost).
 */
import { useCallback, useState } from "react";
import { useFrame, useReconnected } from "../state/use-socket";
import { useServices } from "../state/services";

export function useJob<T extends { status: string }>(
  kind: "export.progress" | "restore.progress",
  idOf: (frame: { exportId?: string; restoreId?: string }) => string | undefined,
  read: (id: string) => Promise<T>,
) {
  const { socket } = useServices();
  const [id, setId] = useState<string | null>(null);
  const [view, setView] = useState<T | null>(null);
  const refresh = useCallback(
    async (which: string) => {
      try {
        setView(await read(which));
      } catch {
        /* the next frame or reconnect reads it again */
      }
    },
    [read],
  );
  useFrame(socket, kind, (frame) => {
    const frameId = idOf(frame as { exportId?: string; restoreId?: string });
    if (!id || frameId !== id) return;
    setView((current) => (current ? { ...current, done: frame.done, total: frame.total } : current));
    void refresh(id);
  });
  useReconnected(socket, () => {
    if (id) void refresh(id);
  });
  const follow = useCallback((which: string, first: T) => {
    setId(which);
    setView(first);
  }, []);
  const reset = useCallback(() => {
    setId(null);
    setView(null);
  }, []);
  return { view, follow, reset, refresh: () => (id ? refresh(id) : Promise.resolve()) };
}
