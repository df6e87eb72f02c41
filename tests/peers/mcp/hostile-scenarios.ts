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
 *
 * Hardening (issue 30): `refusing` answers `tools/call` for `deny-401` / `deny-403` / `gone-404` /
 * `gone-400` (body names the session) / `bad-400` (a 400 that does not) with that HTTP status
 * before running anything; `progress` streams `notifications/progress` for the call's
 * `_meta.progressToken` every 300 ms over SSE — `progress-ok` 8 times then a result, `progress-forever`
 * until the client goes away, `progress-none` never (no token echo, no answer); `empty-cursor` answers
 * every page with `nextCursor: ""`; `empty-cursor-paged` has a real second page that ends with `""`.
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

/**
 * The `huge` answer's 5 MiB result, serialized once at start-up. Building and stringifying it per call cost the
 * peer (which shares the vitest process) enough CPU on a loaded machine that the answer missed the
 * gateway's 1.5 s test timeout: `mcp.call_timeout` instead of the size refusal under test.
 */
const HUGE_RESULT = Buffer.from(JSON.stringify(text("y".repeat(5 * 1024 * 1024))));
function sendHuge(res: ServerResponse, id: unknown): void {
  const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`);
  const tail = Buffer.from("}");
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": String(head.length + HUGE_RESULT.length + tail.length),
  });
  res.write(head);
  res.write(HUGE_RESULT);
  res.end(tail);
}

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

const REFUSING_TOOLS = [tool("deny-401"), tool("deny-403"), tool("gone-404"), tool("gone-400"), tool("bad-400")];
const PROGRESS_TOOLS = [tool("progress-ok"), tool("progress-forever"), tool("progress-none")];

/** Answers a call over SSE: progress every 300 ms (`count` times, or forever), then the result. */
function streamProgress(message: RpcRequest, ctx: ScenarioContext, count: number | null): void {
  const token = (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
  ctx.res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (value: unknown) => ctx.res.write(`event: message\ndata: ${JSON.stringify(value)}\n\n`);
  let sent = 0;
  const timer = setInterval(() => {
    if (token === undefined) return; // without a token there is nothing to report progress on
    sent += 1;
    event({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: sent } });
    if (count !== null && sent >= count) {
      clearInterval(timer);
      event({ jsonrpc: "2.0", id: message.id, result: text(`done after ${sent} progress notifications`) });
      ctx.res.end();
    }
  }, 300);
  ctx.res.on("close", () => clearInterval(timer));
}

export const SCENARIOS: Record<string, Scenario> = {
  refusing: {
    list: (_m, reply) => reply({ tools: REFUSING_TOOLS }),
    call(message, _reply, _fail, ctx) {
      const name = String(message.params?.name ?? "");
      const status = { "deny-401": 401, "deny-403": 403, "gone-404": 404, "gone-400": 400, "bad-400": 400 }[name];
      const body =
        name === "gone-400"
          ? { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Bad Request: No valid session ID provided" } }
          : name === "gone-404"
            ? { jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } }
            : { error: "refused" };
      if (status === 401) ctx.res.setHeader("www-authenticate", 'Bearer realm="hostile"');
      ctx.sendJson(status ?? 500, body);
    },
  },
  progress: {
    list: (_m, reply) => reply({ tools: PROGRESS_TOOLS }),
    call(message, _reply, _fail, ctx) {
      const name = String(message.params?.name ?? "");
      if (name === "progress-ok") return streamProgress(message, ctx, 8);
      if (name === "progress-forever") return streamProgress(message, ctx, null);
      // progress-none: keep the request open and silent until the client gives up.
    },
  },
  "empty-cursor": { list: (_m, reply) => reply({ tools: [tool("only-page")], nextCursor: "" }) },
  "empty-cursor-paged": {
    list: (message, reply) =>
      message.params?.cursor === "p2"
        ? reply({ tools: [tool("second")], nextCursor: "" })
        : reply({ tools: [tool("first")], nextCursor: "p2" }),
  },
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
          return sendHuge(ctx.res, message.id);
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
