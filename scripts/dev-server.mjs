/**
 * One way to start a real `wrangler dev` (workerd without the vitest pool's eval allowance) on a free
 * 127.0.0.1 port with its own persisted state folder. Used by the e2e and browser suites
 * (through tests/e2e/wrangler.ts), the benchmarks and `npm run conformance`.
 *
 *   const dev = await startWranglerDev();   // waits until /api/v1/health answers (≤ 60 s)
 *   const user = await createDevUser(dev.url);
 *   await dev.stop();
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnv } from "./run-env.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEV_SETUP_TOKEN = "e2e-setup-token-0123456789abcdef";
export const DEV_DATA_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Builds web/dist once if it is missing (the assets binding needs the folder). */
export function ensureWebBuilt() {
  if (existsSync(path.join(ROOT, "web", "dist", "index.html"))) return;
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "vite", "bin", "vite.js"),
      "build",
      "--config",
      "web/vite.config.ts",
      "--logLevel",
      "warn",
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("the web build failed");
}

/**
 * Stops a detached process group: SIGTERM, then SIGKILL after 5 s. `signal: "SIGKILL"` kills the
 * whole group at once (a crash: nothing gets to flush or close).
 */
export async function stopProcessGroup(child, signal = "SIGTERM") {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* gone */
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `wrangler dev`. Options: `port` (default: a free one), `persistDir` (default: a new temp
 * folder, removed by `stop({removeState: true})`), `vars` (merged over ENVIRONMENT=development and
 * the fixed dev SETUP_TOKEN / DATA_KEY), `readyTimeoutMs` (default 60 000), `config` (another
 * wrangler.toml, e.g. the benchmarks' bare baseline Worker; it must answer GET /api/v1/health) and
 * `pid` on the result (the wrangler process; its process group holds workerd).
 */
export async function startWranglerDev(options = {}) {
  ensureWebBuilt();
  let port = options.port ?? (await freePort());
  let served = false;
  const persistDir = options.persistDir ?? mkdtempSync(path.join(tmpdir(), "tavernedge-dev-"));
  const vars = {
    ENVIRONMENT: "development",
    SETUP_TOKEN: DEV_SETUP_TOKEN,
    DATA_KEY: DEV_DATA_KEY,
    ...(options.vars ?? {}),
  };
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  let child = null;
  let log = "";

  // freePort() closes its probe before wrangler binds the port, so on a busy machine (parallel
  // suites starting servers) another process can take it in between: wrangler then exits at once
  // with "Address already in use". That start-up is tried again on fresh ports (the main port only
  // before this server ever answered: a restart keeps its URL), at most 3 more times.
  let inspector = 0;
  const launch = async (attempt = 1) => {
    const from = log.length;
    inspector = await freePort();
    const args = [
      path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js"),
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(inspector),
      "--persist-to",
      persistDir,
      "--log-level",
      "warn",
      "--show-interactive-dev-session=false",
      ...(options.config ? ["--config", options.config] : []),
    ];
    for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
    child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...toolEnv(), CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout.on("data", (chunk) => {
      log += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      log += String(chunk);
    });
    const deadline = Date.now() + readyTimeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        if (attempt < 4 && log.slice(from).includes("Address already in use")) {
          if (!served && options.port === undefined) port = await freePort();
          log += `\n[dev-server] a port was taken before wrangler bound it; starting again (attempt ${attempt + 1})\n`;
          return launch(attempt + 1);
        }
        throw new Error(`wrangler dev exited early:\n${log.slice(-2000)}`);
      }
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) {
          served = true;
          return;
        }
      } catch {
        /* not up yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await stopProcessGroup(child);
    throw new Error(`wrangler dev did not answer within ${readyTimeoutMs / 1000} s:\n${log.slice(-2000)}`);
  };

  await launch();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    persistDir,
    setupToken: vars.SETUP_TOKEN,
    get pid() {
      return child?.pid ?? 0;
    },
    /** The port of wrangler's DevTools inspector (profiling: `/json` lists the workers). */
    get inspectorPort() {
      return inspector;
    },
    stop: async (stopOptions = {}) => {
      await stopProcessGroup(child);
      if (stopOptions.removeState) rmSync(persistDir, { recursive: true, force: true });
    },
    /** Stops and starts again on the same state; `{crash: true}` SIGKILLs the process group first. */
    restart: async (restartOptions = {}) => {
      await stopProcessGroup(child, restartOptions.crash ? "SIGKILL" : "SIGTERM");
      await launch();
    },
    output: () => log,
  };
}

/** Creates a user on a running dev server through /api/v1/setup. */
export async function createDevUser(baseUrl, deviceName = "Dev device", setupToken = DEV_SETUP_TOKEN) {
  const response = await fetch(`${baseUrl}/api/v1/setup`, {
    method: "POST",
    headers: { authorization: `Bearer ${setupToken}`, "content-type": "application/json" },
    body: JSON.stringify({ deviceName }),
  });
  if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * One authorised request to a running dev server, answer unread. `route` is the full path
 * ("/api/v1/…"); with a `body` (sent as JSON) it is a POST unless `method` says otherwise.
 */
export function devFetch(baseUrl, route, token, body, method) {
  return fetch(`${baseUrl}${route}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * `devFetch` that returns the parsed JSON answer (null when empty); throws
 * `Error("<route> → <status> <first 300 chars>")` on a non-2xx status.
 */
export async function devRequest(baseUrl, route, token, body, method) {
  const response = await devFetch(baseUrl, route, token, body, method);
  const text = await response.text();
  if (!response.ok) throw new Error(`${route} → ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}
