/**
 * Starts a real `wrangler dev` (workerd without the pool's eval allowance) on a free 127.0.0.1
 * port with its own persisted state directory, for e2e, browser and benchmark runs.
 * Usage: `const dev = await startWranglerDev(); … await dev.stop();`
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const E2E_SETUP_TOKEN = "e2e-setup-token-0123456789abcdef";
export const E2E_DATA_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Builds web/dist once if it is missing (the assets binding needs the folder). */
export async function ensureWebBuilt(): Promise<void> {
  if (existsSync(path.join(ROOT, "web", "dist", "index.html"))) return;
  await run(process.execPath, [path.join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", "--config", "web/vite.config.ts"]);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

export interface WranglerDev {
  url: string;
  port: number;
  persistDir: string;
  /** Stops the process tree. */
  stop(): Promise<void>;
  /** Stops and starts again on the same port and state (for offline/restart tests). */
  restart(): Promise<void>;
  /** Everything wrangler printed so far. */
  output(): string;
}

export interface WranglerDevOptions {
  port?: number;
  persistDir?: string;
  vars?: Record<string, string>;
}

/** Starts `wrangler dev` and waits until /api/v1/health answers (≤ 60 s). */
export async function startWranglerDev(options: WranglerDevOptions = {}): Promise<WranglerDev> {
  await ensureWebBuilt();
  const port = options.port ?? (await freePort());
  const persistDir = options.persistDir ?? mkdtempSync(path.join(tmpdir(), "tavernedge-e2e-"));
  const vars = { ENVIRONMENT: "development", SETUP_TOKEN: E2E_SETUP_TOKEN, DATA_KEY: E2E_DATA_KEY, ...(options.vars ?? {}) };
  let child: ChildProcess | null = null;
  let log = "";

  const launch = async () => {
    const inspector = await freePort();
    const args = [path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js"), "dev", "--port", String(port), "--ip", "127.0.0.1",
      "--inspector-port", String(inspector), "--persist-to", persistDir, "--log-level", "warn", "--show-interactive-dev-session=false"];
    for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
    const xdg = path.join(ROOT, ".xdg");
    child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", XDG_CONFIG_HOME: xdg, WRANGLER_LOG_PATH: path.join(xdg, "wrangler-logs"), CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk) => { log += String(chunk); });
    child.stderr?.on("data", (chunk) => { log += String(chunk); });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log.slice(-2000)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        if (response.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`wrangler dev did not answer within 60 s:\n${log.slice(-2000)}`);
  };

  const stop = async () => {
    const current = child as ChildProcess | null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
    try { process.kill(-current.pid!, "SIGTERM"); } catch { /* gone */ }
    const timer = setTimeout(() => { try { process.kill(-current.pid!, "SIGKILL"); } catch { /* gone */ } }, 5000);
    await exited;
    clearTimeout(timer);
  };

  await launch();
  return { url: `http://127.0.0.1:${port}`, port, persistDir, stop, restart: async () => { await stop(); await launch(); }, output: () => log };
}

/** Creates a user on a running dev server. */
export async function createDevUser(baseUrl: string, deviceName = "E2E device"): Promise<{ userId: string; deviceId: string; deviceToken: string }> {
  const response = await fetch(`${baseUrl}/api/v1/setup`, {
    method: "POST",
    headers: { authorization: `Bearer ${E2E_SETUP_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ deviceName }),
  });
  if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ userId: string; deviceId: string; deviceToken: string }>;
}
