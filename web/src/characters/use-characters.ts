/**
 * The character library, kept live: `character.changed` (any device) and a socket reconnect
 * re-read the list.
 */
import { useEffect, useMemo, useState } from "react";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import { charactersApi } from "./characters-api";
import type { CharacterSummary } from "./types";

export function useCharactersApi() {
  const { api } = useServices();
  return useMemo(() => charactersApi(api), [api]);
}

export function useCharacters() {
  const { socket } = useServices();
  const characters = useCharactersApi();
  const [list, setList] = useState<CharacterSummary[] | null>(null);
  const load = useAction(async () => setList((await characters.list()).characters), { toastErrors: false });
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "character.changed", () => void reload());
  return { list, error: load.error, reload };
}
