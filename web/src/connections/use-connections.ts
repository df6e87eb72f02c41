/**
 * The user's model connections, kept live by `model.connection_changed {connection}` and
 * `model.connection_removed {id}` (a new default clears the flag on the others), reloaded after a
 * reconnect. Used by the Connections screen and the "Run agent" connection select.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import { connectionsApi } from "./connections-api";
import type { Connection } from "./types";

export function useConnectionsApi() {
  const { api } = useServices();
  return useMemo(() => connectionsApi(api), [api]);
}

export function useConnections() {
  const { socket } = useServices();
  const api = useConnectionsApi();
  const [list, setList] = useState<Connection[] | null>(null);
  const load = useAction(async () => setList((await api.list()).connections), { toastErrors: false });
  const upsert = useCallback((connection: Connection) => {
    setList((current) => {
      if (!current) return current;
      const others = connection.isDefault
        ? current.map((c) => (c.id !== connection.id && c.isDefault ? { ...c, isDefault: false } : c))
        : current;
      return others.some((c) => c.id === connection.id)
        ? others.map((c) => (c.id === connection.id ? connection : c))
        : [...others, connection];
    });
  }, []);
  const drop = useCallback((id: string) => setList((current) => current?.filter((c) => c.id !== id) ?? current), []);
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "model.connection_changed", (frame) => {
    upsert(frame.connection);
  });
  useFrame(socket, "model.connection_removed", (frame) => {
    drop(frame.id);
  });
  return { connections: list, loading: load.busy, error: load.error, reload, upsert, drop };
}
