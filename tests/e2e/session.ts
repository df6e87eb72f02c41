/**
 * Shared set-up of the e2e suites (beside ./wrangler.ts): one `wrangler dev` and one user per test
 * file, loopback peers started before it, authorised API calls, a frame-recording socket, and a
 * connection to a script loaded into the scripted model server (tests/peers/model-peer.ts).
 *
 *   const session = wranglerSession("Phone", { model: startModelPeer });
 *   const { call, openSocket } = session;
 *   const connection = await scriptedConnection(session, "model", { id, steps }, "sk-…");
 */
import { afterAll, beforeAll } from "vitest";
import WebSocket from "ws";
import type { PeerHandle } from "../peers/registry";
import { createDevUser, devFetch, startWranglerDev, type WranglerDev } from "./wrangler";

/** An API answer: HTTP status and the parsed JSON body (null when empty). */
export interface ApiResult {
  status: number;
  body: any;
}

/** A socket of the session's user that records every frame it receives. */
export interface FrameSocket {
  ws: WebSocket;
  frames: any[];
  /** The first recorded frame matching `predicate`; throws after `ms` (default 30 000) with the last frames. */
  waitFor(predicate: (frame: any) => boolean, ms?: number): Promise<any>;
}

/** The handle `wranglerSession` returns; `dev`, `token` and `peer()` are ready inside tests. */
export interface DevSession<P extends string> {
  readonly dev: WranglerDev;
  readonly token: string;
  peer(name: P): PeerHandle;
  /** `path` is relative to /api/v1; a body makes it a POST unless `method` says otherwise. Never throws on status. */
  call(path: string, body?: unknown, method?: string): Promise<ApiResult>;
  /** Opens /api/v1/ws with a fresh ticket; resolves once the socket is open. */
  openSocket(): Promise<FrameSocket>;
}

/**
 * Registers beforeAll/afterAll in the current scope: starts `peers` (in parallel), then
 * `wrangler dev`, then creates a user whose device is `deviceName`; afterwards stops the server
 * and closes the peers.
 */
export function wranglerSession<P extends string = never>(
  deviceName?: string,
  peers: Record<P, () => Promise<PeerHandle>> = {} as Record<P, () => Promise<PeerHandle>>,
): DevSession<P> {
  let dev: WranglerDev | undefined;
  let token = "";
  const started = new Map<P, PeerHandle>();

  beforeAll(async () => {
    const names = Object.keys(peers) as P[];
    const handles = await Promise.all(names.map((name) => peers[name]()));
    for (const [i, name] of names.entries()) started.set(name, handles[i] as PeerHandle);
    dev = await startWranglerDev();
    token = (await createDevUser(dev.url, deviceName)).deviceToken;
  });

  afterAll(async () => {
    await dev?.stop();
    await Promise.all([...started.values()].map((handle) => handle.close()));
  });

  const session: DevSession<P> = {
    get dev() {
      if (!dev) throw new Error("the dev session is not started yet (use it inside a test)");
      return dev;
    },
    get token() {
      return token;
    },
    peer(name) {
      const handle = started.get(name);
      if (!handle) throw new Error(`peer ${name} is not started`);
      return handle;
    },
    async call(path, body, method) {
      const response = await devFetch(session.dev.url, `/api/v1${path}`, token, body, method);
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    openSocket() {
      return openFrameSocket(session.dev.url, session.call);
    },
  };
  return session;
}

/** Opens /api/v1/ws with a ticket asked through `call` (any device); records every frame. */
async function openFrameSocket(
  baseUrl: string,
  call: (path: string, body?: unknown, method?: string) => Promise<ApiResult>,
): Promise<FrameSocket> {
  const ticket = await call("/ws-tickets", {});
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/api/v1/ws?ticket=${ticket.body.ticket}`);
  const frames: any[] = [];
  ws.on("message", (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  return {
    ws,
    frames,
    async waitFor(predicate, ms = 30_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no frame matched; last: ${JSON.stringify(frames.slice(-3)).slice(0, 600)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

/** A second device of the session's user (paired with a pairing code): its own calls and sockets. */
export interface PairedDevice {
  deviceId: string;
  token: string;
  call(path: string, body?: unknown, method?: string): Promise<ApiResult>;
  openSocket(): Promise<FrameSocket>;
}

/** Pairs a new device named `deviceName` to the session's user (throws when pairing fails). */
export async function pairDevice<P extends string>(session: DevSession<P>, deviceName: string): Promise<PairedDevice> {
  const code = await session.call("/devices/pairing-codes", {});
  if (code.status !== 201 && code.status !== 200) throw new Error(`pairing code: ${code.status}`);
  const paired = await fetch(`${session.dev.url}/api/v1/devices/pair`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: code.body.code, deviceName }),
  });
  if (!paired.ok) throw new Error(`pairing: ${paired.status} ${await paired.text()}`);
  const { deviceId, deviceToken } = (await paired.json()) as { deviceId: string; deviceToken: string };
  const call = async (path: string, body?: unknown, method?: string): Promise<ApiResult> => {
    const response = await devFetch(session.dev.url, `/api/v1${path}`, deviceToken, body, method);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return { deviceId, token: deviceToken, call, openSocket: () => openFrameSocket(session.dev.url, call) };
}

/**
 * Loads `script` (`{id, steps, apiKey?}`, see tests/peers/model-peer.ts `POST /__script`) into the
 * session's peer `modelPeer` and creates an openai-compatible connection "Scripted" whose model id is
 * the script id. Throws when the script is refused; returns the connection answer (201 on success).
 */
export async function scriptedConnection<P extends string>(
  session: DevSession<P>,
  modelPeer: P,
  script: { id: string; steps: unknown[]; apiKey?: string },
  apiKey = "",
): Promise<ApiResult> {
  const model = session.peer(modelPeer);
  const loaded = await fetch(`${model.url}/__script`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(script),
  });
  if (loaded.status !== 201)
    throw new Error(`the model peer refused the script: ${loaded.status} ${await loaded.text()}`);
  return session.call("/connections", {
    name: "Scripted",
    provider: "openai-compatible",
    baseUrl: `${model.url}/v1`,
    apiKey,
    modelId: script.id,
  });
}

/**
 * Registers the session's server-everything peer `everythingPeer` as MCP server "Everything",
 * activates it, discovers its tools and sets `echo` to Allow. Returns the server id; throws when a
 * step does not answer as expected.
 */
export async function allowEverythingEcho<P extends string>(
  session: DevSession<P>,
  everythingPeer: P,
): Promise<string> {
  const endpoint = `${session.peer(everythingPeer).url}/mcp`;
  const server = await session.call("/mcp/servers", { displayName: "Everything", endpoint });
  if (server.status !== 201) throw new Error(`registering Everything: ${server.status} ${JSON.stringify(server.body)}`);
  const id = server.body.id as string;
  const steps: Array<[string, unknown, string | undefined]> = [
    [`/mcp/servers/${id}/state`, { state: "active" }, undefined],
    [`/mcp/servers/${id}/discover`, {}, undefined],
    [`/mcp/servers/${id}/tools/echo/permission`, { permission: "allow" }, "PUT"],
  ];
  for (const [path, body, method] of steps) {
    const answer = await session.call(path, body, method);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return id;
}
