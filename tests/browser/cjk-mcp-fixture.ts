/**
 * A Chinese-speaking MCP server for the i18n browser test (v2 server package, 127.0.0.1, free
 * port): server name `天气服务`, one tool `查询天气` ("查询天气" title and description, a `城市`
 * string parameter) that answers `<城市>：晴，25°C`. Endpoint `<url>/mcp`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";

export const CJK_TOOL = "查询天气";

export interface CjkFixture {
  endpoint: string;
  /** How many times `查询天气` ran. */
  calls(): number;
  close(): Promise<void>;
}

export async function startCjkFixture(): Promise<CjkFixture> {
  let calls = 0;
  const build = () => {
    const server = new McpServer({ name: "天气服务", version: "1.0.0" });
    server.registerTool(
      CJK_TOOL,
      {
        title: "查询天气",
        description: "查询指定城市今天的天气。",
        inputSchema: fromJsonSchema<{ 城市: string }>({
          type: "object",
          properties: { 城市: { type: "string", description: "城市名，例如 北京" } },
          required: ["城市"],
        } as never),
      },
      async (args: unknown) => {
        calls++;
        const city = (args as { 城市?: string }).城市 ?? "北京";
        return { content: [{ type: "text", text: `${city}：晴，25°C` }] };
      },
    );
    return server;
  };
  const handler = toNodeHandler(createMcpHandler(() => build(), { legacy: "stateless" }));
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
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
  return {
    endpoint: `http://127.0.0.1:${port}/mcp`,
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
