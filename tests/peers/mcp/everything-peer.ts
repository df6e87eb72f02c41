/**
 * `@modelcontextprotocol/server-everything` (protocol 2025-11-25, sessionful Streamable HTTP with
 * a standalone SSE stream) run as a child Node process bound to 127.0.0.1 on a free port.
 * Its MCP endpoint is `<url>/mcp`.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PeerHandle } from "../registry";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");

/** A free loopback TCP port (bound then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: "GET" });
      await response.body?.cancel();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`server-everything did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Starts server-everything (streamableHttp); resolves to its base URL (endpoint `/mcp`). */
export async function startEverythingPeer(): Promise<PeerHandle> {
  const port = await freePort();
  const entry = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
  const child = spawn(process.execPath, ["--import", path.join(here, "loopback-listen.mjs"), entry, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await waitForPort(port, Date.now() + 20_000);
  } catch (error) {
    child.kill("SIGTERM");
    throw new Error(`${(error as Error).message}: ${stderr}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
