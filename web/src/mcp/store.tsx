/**
 * The MCP Manager's shared state, kept live: the server list (GET /mcp/servers), storage issues,
 * and per-server discovery views. Frames: `mcp.server_changed {server}` upserts (a changed
 * endpoint, headers or protocol drops that server's discovery view, since the server deleted the
 * catalog), `mcp.server_removed {registrationId}` removes, `mcp.catalog_changed {registrationId,
 * fetchedAt}` updates the catalog age and re-reads an open discovery view (a cache hit, no
 * network). After a socket reconnect everything is reloaded. Read with `useMcp()` under
 * `<McpProvider>`.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { describeError } from "../api/client";
import { useServices } from "../state/services";
import { useFrame, useReconnected } from "../state/use-socket";
import { mcpApi, type McpApi } from "./mcp-api";
import type { DiscoveryResult, McpServer, ServerWarning, StorageIssue } from "./types";

export interface DiscoveryState {
  result?: DiscoveryResult;
  busy: boolean;
  error?: { code: string; message: string };
}

export interface McpStore {
  mcp: McpApi;
  /** Sorted by display name (locale compare), then id; null until the first load. */
  servers: McpServer[] | null;
  storageIssues: StorageIssue[];
  loading: boolean;
  loadError: { code: string; message: string } | null;
  reload(): Promise<void>;
  upsert(server: McpServer): void;
  forget(registrationId: string): void;
  discovery: Record<string, DiscoveryState>;
  /** Warnings a request returned for a server (e.g. `mcp.endpoint_unreachable_when_deployed`), until dismissed. */
  warnings: Record<string, ServerWarning[]>;
  dismissWarnings(registrationId: string): void;
  /** POST discover (or refresh); the result lands in `discovery[id]`. */
  discover(registrationId: string, options?: { refresh?: boolean }): Promise<void>;
}

const McpContext = createContext<McpStore | null>(null);

export function sortServers(servers: McpServer[]): McpServer[] {
  return [...servers].sort((a, b) => a.displayName.localeCompare(b.displayName) || a.id.localeCompare(b.id));
}

const connectionOf = (s: McpServer) => JSON.stringify([s.endpoint, s.headers, s.protocolVersion]);

export function McpProvider({ children }: { children: ReactNode }) {
  const { api, socket } = useServices();
  const mcp = useMemo(() => mcpApi(api), [api]);
  const [servers, setServers] = useState<McpServer[] | null>(null);
  const [storageIssues, setIssues] = useState<StorageIssue[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<{ code: string; message: string } | null>(null);
  const [discovery, setDiscovery] = useState<Record<string, DiscoveryState>>({});
  const [warnings, setWarnings] = useState<Record<string, ServerWarning[]>>({});
  const dismissWarnings = useCallback((id: string) => setWarnings(({ [id]: _gone, ...rest }) => rest), []);
  const discoveryRef = useRef(discovery);
  discoveryRef.current = discovery;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const list = await mcp.list();
      setServers(sortServers(list.servers));
      setIssues(list.storageIssues);
      setLoadError(null);
    } catch (error) {
      setLoadError(describeError(error));
    } finally {
      setLoading(false);
    }
  }, [mcp]);

  const dropDiscovery = useCallback((id: string) => setDiscovery(({ [id]: _dropped, ...rest }) => rest), []);

  const serversRef = useRef(servers);
  serversRef.current = servers;
  const upsert = useCallback(
    (next: McpServer) => {
      const { warnings: returned, ...server } = next;
      if (returned && returned.length > 0) setWarnings((all) => ({ ...all, [server.id]: returned }));
      const known = serversRef.current?.find((s) => s.id === server.id);
      if (known && known.revision < server.revision && connectionOf(known) !== connectionOf(server))
        dropDiscovery(server.id);
      setServers((list) => {
        if (!list) return list;
        const previous = list.find((s) => s.id === server.id);
        if (previous && previous.revision > server.revision) return list;
        const merged =
          previous && server.fetchedAt === undefined && connectionOf(previous) === connectionOf(server)
            ? {
                ...server,
                fetchedAt: previous.fetchedAt,
                negotiatedProtocolVersion: previous.negotiatedProtocolVersion,
              }
            : server;
        return sortServers(previous ? list.map((s) => (s.id === server.id ? merged : s)) : [...list, merged]);
      });
    },
    [dropDiscovery],
  );

  const forget = useCallback(
    (id: string) => {
      setServers((list) => list?.filter((s) => s.id !== id) ?? list);
      setIssues((issues) => issues.filter((i) => i.registrationId !== id));
      dropDiscovery(id);
      dismissWarnings(id);
    },
    [dropDiscovery, dismissWarnings],
  );

  const discover = useCallback(
    async (id: string, options: { refresh?: boolean } = {}) => {
      setDiscovery((all) => ({ ...all, [id]: { ...all[id], busy: true, error: undefined } }));
      try {
        const result = options.refresh ? await mcp.refresh(id) : await mcp.discover(id);
        setDiscovery((all) => ({ ...all, [id]: { result, busy: false } }));
        setServers(
          (list) =>
            list?.map((s) =>
              s.id === id
                ? { ...s, fetchedAt: result.fetchedAt, negotiatedProtocolVersion: result.protocolVersion }
                : s,
            ) ?? list,
        );
      } catch (error) {
        setDiscovery((all) => ({ ...all, [id]: { ...all[id], busy: false, error: describeError(error) } }));
      }
    },
    [mcp],
  );

  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => {
    void reload();
    for (const [id, state] of Object.entries(discoveryRef.current)) if (state.result) void discover(id);
  });
  useFrame(socket, "mcp.server_changed", (frame) => {
    upsert(frame.server);
    // A tool under review may have been accepted or set again: read the (cached) tools again.
    const state = discoveryRef.current[frame.server.id];
    if (state?.result?.tools.some((t) => t.review) && !state.busy) void discover(frame.server.id);
  });
  useFrame(socket, "mcp.server_removed", (frame) => {
    forget(frame.registrationId);
  });
  useFrame(socket, "mcp.catalog_changed", (frame) => {
    const { registrationId: id, fetchedAt } = frame;
    setServers((list) => list?.map((s) => (s.id === id ? { ...s, fetchedAt } : s)) ?? list);
    const state = discoveryRef.current[id];
    if (state?.result && !state.busy && state.result.fetchedAt !== fetchedAt) void discover(id);
  });

  const value = useMemo<McpStore>(
    () => ({
      mcp,
      servers,
      storageIssues,
      loading,
      loadError,
      reload,
      upsert,
      forget,
      discovery,
      discover,
      warnings,
      dismissWarnings,
    }),
    [
      mcp,
      servers,
      storageIssues,
      loading,
      loadError,
      reload,
      upsert,
      forget,
      discovery,
      discover,
      warnings,
      dismissWarnings,
    ],
  );
  return <McpContext.Provider value={value}>{children}</McpContext.Provider>;
}

export function useMcp(): McpStore {
  const value = useContext(McpContext);
  if (!value) throw new Error("useMcp outside McpProvider");
  return value;
}
