/**
 * A small MCP server (v2 server package, 127.0.0.1, free port) for the MCP Manager browser tests.
 * Tools:
 * - `xss` — title, description, server name, a property description and its result all hold
 *   markup with `onerror` handlers (`<img src=x onerror=…>`); the UI must show them as text.
 * - `slow` — waits until the client cancels (or 30 s); `/control/slow` reports
 *   `{started, aborted}` so a test can see the server-side cancellation arrive.
 * - `kinds` — one property of every form kind (text, integer with default, number, boolean, enum,
 *   integer lines, JSON object), required ones marked; returns the raw `tools/call` arguments text.
 * - `fails` — a tool error (`isError: true`) with a text block and an image block (which the
 *   hosted projection turns into a `mcp.call_content_unsupported` diagnostic).
 * Endpoint `<url>/mcp`; every request is recorded (`/control/requests`).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { RequestRecorder } from "../peers/mcp/recorder";

export const XSS = {
  serverName: `<img src=x onerror=alert(5)>`,
  title: `<b>bold</b><script>alert(3)</script>`,
  description: `<img src=x onerror=alert(1)>`,
  property: `<img src=x onerror=alert(2)>`,
  result: `<img src=x onerror=alert(4)>`,
};

export interface FixtureServer {
  url: string;
  endpoint: string;
  slow(): { started: number; aborted: number };
  lastCallBody(): string | undefined;
  close(): Promise<void>;
}

/** Starts the fixture; endpoint `<url>/mcp`. */
export async function startManagerFixture(): Promise<FixtureServer> {
  const recorder = new RequestRecorder();
  const slow = { started: 0, aborted: 0 };
  let lastCall: string | undefined;
  const build = () => {
    const server = new McpServer({ name: XSS.serverName, version: "1.0.0" });
    server.registerTool(
      "xss",
      {
        title: XSS.title,
        description: XSS.description,
        inputSchema: fromJsonSchema<{ note?: string }>({
          type: "object",
          properties: { note: { type: "string", description: XSS.property } },
        } as never),
        annotations: { title: XSS.title, readOnlyHint: true },
      },
      async () => ({ content: [{ type: "text", text: XSS.result }] }),
    );
    server.registerTool(
      "slow",
      {
        description: "Waits until cancelled (at most 30 s).",
        inputSchema: fromJsonSchema<Record<string, never>>({ type: "object", properties: {} } as never),
      },
      async (_args: unknown, ctx: { mcpReq: { signal: AbortSignal } }) => {
        slow.started++;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 30_000);
          ctx.mcpReq.signal.addEventListener(
            "abort",
            () => {
              slow.aborted++;
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
        return { content: [{ type: "text", text: "slow finished" }] };
      },
    );
    server.registerTool(
      "kinds",
      {
        description: "Returns the arguments it received.",
        inputSchema: fromJsonSchema<Record<string, unknown>>({
          type: "object",
          properties: {
            label: { type: "string", description: "Any text" },
            count: { type: "integer", default: 7 },
            ratio: { type: "number" },
            loud: { type: "boolean" },
            mood: { type: "string", enum: ["calm", "busy"] },
            ids: { type: "array", items: { type: "integer" } },
            extra: { type: "object" },
          },
          required: ["label", "count"],
        } as never),
      },
      async (args: unknown) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }),
    );
    server.registerTool(
      "fails",
      {
        description: "Always reports a tool error.",
        inputSchema: fromJsonSchema<Record<string, never>>({ type: "object", properties: {} } as never),
      },
      async () => ({
        isError: true,
        content: [
          { type: "text", text: "the tool could not do it" },
          { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        ],
      }),
    );
    return server;
  };
  const handler = toNodeHandler(createMcpHandler(() => build(), { legacy: "stateless" }));
  const http = createServer((req, res) => {
    if (req.url === "/control/slow") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(slow));
      return;
    }
    if (recorder.handleControl(req, res)) return;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry = recorder.record(req, body);
      if (entry.rpcMethod === "tools/call") lastCall = body;
      let parsed: unknown;
      try {
        parsed = body ? JSON.parse(body) : undefined;
      } catch {
        parsed = undefined;
      }
      void (handler as (req: unknown, res: unknown, parsed?: unknown) => Promise<void>)(req, res, parsed);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    endpoint: `${url}/mcp`,
    slow: () => ({ ...slow }),
    lastCallBody: () => lastCall,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
