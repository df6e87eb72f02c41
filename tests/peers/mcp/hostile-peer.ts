/**
 * Hostile MCP fixture servers: one node:http server on 127.0.0.1 (plus a second port used as a
 * foreign origin for cross-origin redirects), each scenario a route `/h/<scenario>` speaking a
 * minimal legacy (2025-11-25) Streamable HTTP JSON-RPC dialect: `server/discover` → -32601 (so
 * `auto` falls back to `initialize`), notifications → 202, GET → 405. Scenarios are in
 * ./hostile-scenarios.ts. Every request is recorded (`/control/requests?route=/h/<scenario>`).
 * Extra base URL: the `cross` origin, as `<url>` of the peer `mcp-hostile-cross`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PeerHandle } from "../registry";
import { RequestRecorder } from "./recorder";
import { SCENARIOS, type RpcRequest, type ScenarioContext } from "./hostile-scenarios";

const recorder = new RequestRecorder();
let crossOrigin = "";

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (recorder.handleControl(req, res)) return;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  recorder.record(req, body);
  const url = new URL(req.url ?? "/", "http://peer");
  const name = url.pathname.replace(/^\/h\//, "").replace(/\/.*$/, "");
  const scenario = SCENARIOS[name];
  if (!url.pathname.startsWith("/h/") || !scenario) return sendJson(res, 404, { error: "no such scenario" });
  try {
    const rpc = JSON.parse(body) as { method?: string; id?: unknown };
    Object.assign(req, { rpcMethod: rpc.method, rpcId: rpc.id });
  } catch {
    /* not JSON-RPC */
  }
  const ctx: ScenarioContext = {
    req,
    res,
    url,
    crossOrigin,
    sendJson: (status, value) => sendJson(res, status, value),
  };
  if (scenario.http && scenario.http(ctx)) return;
  if (req.method === "GET") {
    res.statusCode = 405;
    res.end();
    return;
  }
  if (req.method === "DELETE") {
    res.statusCode = 200;
    res.end();
    return;
  }
  let message: RpcRequest;
  try {
    message = JSON.parse(body) as RpcRequest;
  } catch {
    return sendJson(res, 400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
  }
  if (message.id === undefined) {
    res.statusCode = 202;
    res.end();
    return;
  }
  const reply = (result: unknown) => sendJson(res, 200, { jsonrpc: "2.0", id: message.id, result });
  const fail = (code: number, text: string, data?: unknown) =>
    sendJson(res, 200, {
      jsonrpc: "2.0",
      id: message.id,
      error: { code, message: text, ...(data !== undefined ? { data } : {}) },
    });
  if (message.method === "server/discover") return fail(-32601, "Method not found");
  if (message.method === "initialize") {
    const asked = String(message.params?.protocolVersion ?? "2025-11-25");
    const version = ["2025-11-25", "2025-06-18", "2025-03-26"].includes(asked) ? asked : "2025-11-25";
    return reply({
      protocolVersion: version,
      capabilities: scenario.capabilities ?? { tools: {} },
      serverInfo: { name: `hostile-${name}`, version: "1.0.0" },
    });
  }
  if (message.method === "tools/list" && scenario.list) return scenario.list(message, reply, fail, ctx);
  if (message.method === "tools/call" && scenario.call) return scenario.call(message, reply, fail, ctx, body);
  return fail(-32601, "Method not found");
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

const onRequest = (req: IncomingMessage, res: ServerResponse) => {
  handle(req, res).catch((error) => {
    if (!res.headersSent) sendJson(res, 500, { error: String(error) });
  });
};
const crossServer = createServer(onRequest);
let crossStarted: Promise<number> | null = null;

function ensureCross(): Promise<number> {
  crossStarted ??= listen(crossServer).then((port) => {
    crossOrigin = `http://127.0.0.1:${port}`;
    return port;
  });
  return crossStarted;
}

/** Starts the hostile peer; scenarios live under `<url>/h/<name>`. */
export async function startHostilePeer(): Promise<PeerHandle> {
  await ensureCross();
  const server = createServer(onRequest);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, close: closer(server) };
}

/** The second origin of the hostile peer (cross-origin redirect target; same scenarios). */
export async function startHostileCrossPeer(): Promise<PeerHandle> {
  const port = await ensureCross();
  return { url: `http://127.0.0.1:${port}`, close: closer(crossServer) };
}
