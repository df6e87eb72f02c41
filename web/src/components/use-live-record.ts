/**
 * The record an editor screen shows (a character, a World Info book), kept live: `load` runs on
 * opening and on `reload()`, its error kept for the screen's ErrorNote (no toast); a `frame` for
 * this record (`isMine`) with `removed: true` marks it removed (the screen says so instead of
 * vanishing), any other calls `onChanged` (e.g. re-read unless the user is editing).
 */
import { useEffect, useState } from "react";
import type { ServerFrameOf } from "../api/types";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame } from "../state/use-socket";

type LibraryFrame = "character.changed" | "worldinfo.changed";

export function useLiveRecord<T extends LibraryFrame>(options: {
  frame: T;
  isMine(frame: ServerFrameOf<T>): boolean;
  load(): Promise<void>;
  onChanged?(frame: ServerFrameOf<T>): void;
}) {
  const { socket } = useServices();
  const [removed, setRemoved] = useState(false);
  const load = useAction(options.load, { toastErrors: false });
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useFrame(socket, options.frame, (frame) => {
    if (!options.isMine(frame)) return;
    if ((frame as { removed?: boolean }).removed) setRemoved(true);
    else options.onChanged?.(frame);
  });
  return { load, reload, removed };
}
