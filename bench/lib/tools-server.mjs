/**
 * A minimal stateless MCP server (protocol 2025-11-25, Streamable HTTP, JSON answers) on
 * 127.0.0.1 for the baselines: `<url>/mcp/<n>` for n in 0..servers−1, each listing `tools` tools
 * (`toolDescriptor(t)`, the same descriptors bench/platform.pool.ts seeds into TavernEdge). The
 * `tools/list` answer is serialized once, so the baseline measures the client and the loopback,
 * not server work. Answers `initialize`, notifications (202), `tools/list`, `ping`; anything else
 * (including the 2026 `server/discover` probe) is HTTP 400, which makes clients fall back to the
 * 2025 handshake; GET/DELETE are 405.
 */
import { createServer } from "node:http";

/** The descriptor of tool `t` as an MCP `tools/list` entry. */
export function toolDescriptor(t) {
  const name = `tool.${String(t).padStart(3, "0")}`;
  return {
    name,
    description: `Does ${name} for the benchmark.`,
    inputSchema: {
      type: "object",
      properties: { query: { type: "string", description: "What to look for." }, limit: { type: "integer" } },
      required: ["query"],
    },
    annotations: { readOnlyHint: true },
  };
}

/** Starts the server; resolves `{url, close}`. */
export function startToolsServer({ tools }) {
  const list = Array.from({ length: tools }, (_, t) => toolDescriptor(t));
  const server = createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const message = JSON.parse(body);
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const answer = (result) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${result}}`);
      };
      if (message.method === "initialize")
        return answer(
          JSON.stringify({
            protocolVersion: "2025-11-25",
            capabilities: { tools: {} },
            serverInfo: { name: `bench-${req.url}`, version: "1.0.0" },
          }),
        );
      if (message.method === "tools/list") return answer(listed);
      if (message.method === "ping") return answer("{}");
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } }));
    });
  });
  const listed = JSON.stringify({ tools: list });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}
