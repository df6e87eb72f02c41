/**
 * A server built with the MCP v2 server package (`@modelcontextprotocol/server` 2.4.0 +
 * `@modelcontextprotocol/node` 2.1.2) speaking protocol 2026-07-28 (and stateless 2025 legacy).
 * Tools:
 * - `get-forecast` — property `region` marked `"x-mcp-header": "Region"` (valid SEP-2243 marking);
 *   returns `forecast for <region>`.
 * - `bad-header` — property `zone` marked `"x-mcp-header": "Bad Header"` (a space: not a token).
 * - `echo` — returns its `message`.
 * Endpoint `<url>/mcp`; every request is recorded (see recorder.ts, `/control/requests`).
 * `POST /control/echo-description` (body = the new description text) changes `echo`'s description
 * for later tools/list answers (a server-side tool change, docs/spec/approvals.md §7).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { toNodeHandler } from "@modelcontextprotocol/node";
import type { PeerHandle } from "../registry";
import { RequestRecorder } from "./recorder";

function buildServer(echoDescription: string): McpServer {
  const server = new McpServer({ name: "modern-peer", version: "2.0.0" });
  server.registerTool(
    "get-forecast",
    {
      description: "Weather forecast for a region.",
      inputSchema: fromJsonSchema<{ region: string; days?: number }>({
        type: "object",
        properties: { region: { type: "string", "x-mcp-header": "Region" }, days: { type: "integer" } },
        required: ["region"],
      } as never),
    },
    async (args: { region: string }) => ({ content: [{ type: "text", text: `forecast for ${args.region}` }] }),
  );
  server.registerTool(
    "bad-header",
    {
      description: "Carries an invalid x-mcp-header marking.",
      inputSchema: fromJsonSchema<{ zone: string }>({
        type: "object",
        properties: { zone: { type: "string", "x-mcp-header": "Bad Header" } },
      } as never),
    },
    async () => ({ content: [{ type: "text", text: "bad" }] }),
  );
  server.registerTool(
    "echo",
    {
      description: echoDescription,
      inputSchema: fromJsonSchema<{ message: string }>({
        type: "object",
        properties: { message: { type: "string" } },
        required: ["message"],
      } as never),
    },
    async (args: { message: string }) => ({ content: [{ type: "text", text: `Echo: ${args.message}` }] }),
  );
  return server;
}

/** Starts the modern v2 peer on 127.0.0.1; endpoint `<url>/mcp`. */
export async function startModernPeer(): Promise<PeerHandle> {
  const recorder = new RequestRecorder();
  let echoDescription = "Echoes a message.";
  const handler = toNodeHandler(createMcpHandler(() => buildServer(echoDescription), { legacy: "stateless" }));
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/control/echo-description") {
      const parts: Buffer[] = [];
      req.on("data", (chunk: Buffer) => parts.push(chunk));
      req.on("end", () => {
        echoDescription = Buffer.concat(parts).toString("utf8");
        res.writeHead(204).end();
      });
      return;
    }
    if (recorder.handleControl(req, res)) return;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      recorder.record(req, body);
      let parsedBody: unknown;
      try {
        parsedBody = body ? JSON.parse(body) : undefined;
      } catch {
        parsedBody = undefined;
      }
      void (handler as (req: unknown, res: unknown, parsed?: unknown) => Promise<void>)(req, res, parsedBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
