/** React hooks over the SocketClient: connection status and frame listeners. */
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { ServerFrameOf, ServerFrameType } from "../api/types";
import type { SocketClient, SocketStatus } from "../socket/socket-client";

export function useSocketStatus(socket: SocketClient): SocketStatus {
  return useSyncExternalStore(
    (listener) => socket.onStatus(listener),
    () => socket.status,
  );
}

/** Calls `handler` for every server frame of `type` (narrowed to that frame) while the component is mounted. */
export function useFrame<T extends ServerFrameType>(
  socket: SocketClient,
  type: T,
  handler: (frame: ServerFrameOf<T>) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => socket.onFrame(type, (frame: ServerFrameOf<T>) => latest.current(frame)), [socket, type]);
}

/**
 * Calls `handler` when the state on screen may be out of date and must be read again: each time the
 * socket comes back online after being offline (frames may have been missed), and when an account
 * restore ends on any device (`restore.progress` done or failed: a restore rewrites rows without a
 * change frame each, and a replaced item's revision can go back, which a screen would otherwise
 * take for an old frame; docs/spec/data-portability.md §5).
 */
export function useReconnected(socket: SocketClient, handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    let wasOffline = false;
    const offStatus = socket.onStatus((status) => {
      if (status === "offline") wasOffline = true;
      if (status === "online" && wasOffline) {
        wasOffline = false;
        latest.current();
      }
    });
    const offRestore = socket.onFrame("restore.progress", (frame: ServerFrameOf<"restore.progress">) => {
      if (frame.status !== "running") latest.current();
    });
    return () => {
      offStatus();
      offRestore();
    };
  }, [socket]);
}
