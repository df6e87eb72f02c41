/**
 * The hostile scenarios served by hostile-peer.ts, one per route `/h/<name>`:
 *
 * Discovery ([gateway-discovery]): `redirect-same` / `redirect-cross` (307 to `redirect-target`,
 * same origin / another port with userinfo in Location), `redirect-target` (must never be hit),
 * `many-tools` (600 tools, 50 per page), `many-pages` (40 pages of one tool), `endless-cursor`
 * (the same cursor forever), `duplicates`, `bad-schema` (uncompilable and remote-$ref input schemas
 * and an invalid output schema next to good tools), `big-tool` (one 300 KiB tool), `no-tools` (no
 * tools capability), `unauthorized` (401 on start), `init-32000` (first initialize per path fails with
 * -32000), `hang-start` (never answers start-up), `hang-list` (tools/list never answers).
 *
 * Calls ([gateway-calls]) on the `calls` route, one tool per behaviour: `raw-echo` (returns the
 * raw JSON-RPC body it received), `rpc-error` (JSON-RPC error), `is-error` (isError + text),
 * `bad-structured` (structuredContent violating its declared output schema), `never` (no answer),
 * `drop` (socket destroyed after the request arrived), `huge` (5 MiB response), `mixed` (text,
 * image, audio, resource link and an unknown block, plus result `_meta`), `slow` (answers after 800 ms, or `arguments.delayMs` ≤ 30 s, echoing `arguments.nonce`),
 * `sse-close` (an SSE stream that ends without the response).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface RpcRequest {
  jsonrpc: "2.0";
  id?: number | string;
  method: string;
  params?: Record<string, unknown>;
}

export interface ScenarioContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  crossOrigin: string;
  sendJson(status: number, value: unknown): void;
}

type Reply = (result: unknown) => void;
type Fail = (code: number, message: string, data?: unknown) => void;

export interface Scenario {
  capabilities?: Record<string, unknown>;
  /** Handles the raw HTTP exchange itself; returns true when it answered. */
  http?(ctx: ScenarioContext): boolean;
  list?(message: RpcRequest, reply: Reply, fail: Fail, ctx: ScenarioContext): void;
  call?(message: RpcRequest, reply: Reply, fail: Fail, ctx: ScenarioContext, rawBody: string): void;
}

/** Remembers which paths already had their first initialize refused (init-32000). */
const initOnce = {
  seen: new Set<string>(),
  consume(path: string, req: IncomingMessage): boolean {
    const method = (req as IncomingMessage & { rpcMethod?: string }).rpcMethod;
    if (method !== "initialize" || this.seen.has(path)) return false;
    this.seen.add(path);
    return true;
  },
};

const objectSchema = { type: "object", properties: { text: { type: "string" } } };
const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `Tool ${name}`,
  inputSchema: objectSchema,
  ...extra,
});
const text = (value: string) => ({ content: [{ type: "text", text: value }] });

function paged(all: unknown[], pageSize: number): Scenario["list"] {
  return (message, reply) => {
    const start = Number(message.params?.cursor ?? 0);
    const next = start + pageSize;
    reply({ tools: all.slice(start, next), ...(next < all.length ? { nextCursor: String(next) } : {}) });
  };
}

const CALL_TOOLS = [
  tool("raw-echo"),
  tool("rpc-error"),
  tool("is-error"),
  tool("bad-structured", { outputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] } }),
  tool("never"),
  tool("drop"),
  tool("huge"),
  tool("mixed"),
  tool("slow"),
  tool("sse-close"),
];

export const SCENARIOS: Record<string, Scenario> = {
  "redirect-same": {
    http: ({ res }) => {
      res.statusCode = 307;
      res.setHeader("location", "/h/redirect-target");
      res.end();
      return true;
    },
  },
  "redirect-cross": {
    http: ({ res, crossOrigin }) => {
      res.statusCode = 307;
      res.setHeader("location", crossOrigin.replace("http://", "http://mallory:hunter2@") + "/h/redirect-target");
      res.end();
      return true;
    },
  },
  "redirect-target": { list: (_m, reply) => reply({ tools: [tool("should-not-be-reached")] }) },
  "many-tools": {
    list: paged(
      Array.from({ length: 600 }, (_, i) => tool(`tool-${String(i).padStart(3, "0")}`)),
      50,
    ),
  },
  "many-pages": {
    list: paged(
      Array.from({ length: 40 }, (_, i) => tool(`page-tool-${i}`)),
      1,
    ),
  },
  "endless-cursor": { list: (_m, reply) => reply({ tools: [tool("looping")], nextCursor: "again" }) },
  duplicates: {
    list: (_m, reply) =>
      reply({ tools: [tool("alpha"), tool("twin"), tool("beta"), tool("twin", { description: "second twin" })] }),
  },
  "bad-schema": {
    list: (_m, reply) =>
      reply({
        tools: [
          tool("good-one"),
          tool("bad-type", { inputSchema: { type: "object", properties: { x: { type: "nonsense" } } } }),
          tool("remote-ref", {
            inputSchema: { type: "object", properties: { x: { $ref: "https://schemas.example.com/x.json" } } },
          }),
          tool("bad-output", { outputSchema: { type: "object", properties: { y: { minimum: "zero" } } } }),
          tool("good-two"),
        ],
      }),
  },
  "big-tool": {
    list: (_m, reply) =>
      reply({ tools: [tool("small"), tool("huge-description", { description: "x".repeat(300 * 1024) })] }),
  },
  "no-tools": { capabilities: {}, list: (_m, reply) => reply({ tools: [tool("hidden")] }) },
  "init-32000": {
    // The first initialize on each path answers JSON-RPC -32000; later ones succeed.
    http: ({ req, url, sendJson }) => {
      if (req.method !== "POST" || !initOnce.consume(url.pathname, req)) return false;
      sendJson(200, {
        jsonrpc: "2.0",
        id: (req as IncomingMessage & { rpcId?: unknown }).rpcId,
        error: { code: -32000, message: "Session not ready" },
      });
      return true;
    },
    list: (_m, reply) => reply({ tools: [tool("after-retry")] }),
  },
  "hang-start": { http: ({ req }) => req.method === "POST" }, // never answers anything
  "hang-list": {
    list: () => undefined, // tools/list never answers
  },
  unauthorized: {
    http: ({ res }) => {
      res.statusCode = 401;
      res.setHeader("www-authenticate", 'Bearer realm="hostile"');
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: "unauthorized" }));
      return true;
    },
  },
  calls: {
    list: (_m, reply) => reply({ tools: CALL_TOOLS }),
    call(message, reply, fail, ctx, rawBody) {
      const name = String(message.params?.name ?? "");
      switch (name) {
        case "raw-echo":
          return reply(text(rawBody));
        case "rpc-error":
          return fail(-32050, "The upstream database is down", { retryAfter: 30 });
        case "is-error":
          return reply({ content: [{ type: "text", text: "Quota exceeded for this key" }], isError: true });
        case "bad-structured":
          return reply({ content: [{ type: "text", text: '{"n":"NaN"}' }], structuredContent: { n: "not a number" } });
        case "never":
          return; // keep the request open until the client gives up
        case "drop":
          ctx.req.socket.destroy();
          return;
        case "huge":
          return reply(text("y".repeat(5 * 1024 * 1024)));
        case "slow": {
          const args = (message.params?.arguments ?? {}) as { delayMs?: unknown; nonce?: unknown };
          const delayMs = typeof args.delayMs === "number" ? Math.min(args.delayMs, 30_000) : 800;
          setTimeout(() => reply(text(typeof args.nonce === "string" ? `finally ${args.nonce}` : "finally")), delayMs);
          return;
        }
        case "sse-close": {
          // An SSE response that primes a stream, then ends it without ever answering.
          ctx.res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
          ctx.res.write("id: e1\nretry: 500\ndata: \n\n");
          setTimeout(() => ctx.res.end(), 50);
          return;
        }
        case "mixed":
          return reply({
            content: [
              { type: "text", text: "first" },
              { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
              { type: "audio", data: "AAAA", mimeType: "audio/wav" },
              { type: "resource_link", uri: "file:///tmp/a.txt", name: "a.txt" },
              { type: "hologram", payload: 1 },
              { type: "text", text: "last" },
            ],
            _meta: { trace: "abc" },
          });
        default:
          return fail(-32602, `Unknown tool ${name}`);
      }
    },
  },
};
