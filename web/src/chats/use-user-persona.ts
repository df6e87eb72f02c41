/**
 * The user's persona (`GET /settings`), kept live by `settings.changed` on every device and
 * reloaded after a reconnect (docs/spec/chats.md "Personas").
 */
import { useEffect, useState } from "react";
import { useServices } from "../state/services";
import { useFrame, useReconnected } from "../state/use-socket";
import type { Persona } from "./types";
import { useChatsApi } from "./use-chats-api";

export function useUserPersona(): { persona: Persona | null; loaded: boolean; set(persona: Persona | null): void } {
  const { socket } = useServices();
  const chats = useChatsApi();
  const [persona, setPersona] = useState<Persona | null>(null);
  const [loaded, setLoaded] = useState(false);
  const load = () =>
    chats
      .settings()
      .then((settings) => {
        setPersona(settings.persona);
        setLoaded(true);
      })
      .catch(() => setLoaded(true));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per api client
  useEffect(() => void load(), [chats]);
  useReconnected(socket, () => void load());
  useFrame(socket, "settings.changed", (frame) => setPersona(frame.settings.persona));
  return { persona, loaded, set: setPersona };
}
