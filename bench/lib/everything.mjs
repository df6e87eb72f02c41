/**
 * `@modelcontextprotocol/server-everything` (Streamable HTTP) as a child process bound to
 * 127.0.0.1 (tests/peers/mcp/loopback-listen.mjs), for the test-call benchmark. Endpoint `<url>/mcp`.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort, ROOT } from "../../scripts/dev-server.mjs";

/** Starts server-everything; resolves `{url, close}` once it answers. */
export async function startEverything() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "--import",
      path.join(ROOT, "tests/peers/mcp/loopback-listen.mjs"),
      path.join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
      "streamableHttp",
    ],
    { env: { ...process.env, PORT: String(port) }, stdio: "ignore" },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/mcp`);
      await response.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGTERM");
        throw new Error("server-everything did not start in 30 s");
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
