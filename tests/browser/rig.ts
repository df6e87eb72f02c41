/**
 * Browser test rig: Debian Chromium driven by playwright-core against a real `wrangler dev`
 * (started through tests/e2e/wrangler.ts on a free 127.0.0.1 port with its own state dir).
 *
 *   describe.skipIf(!HAS_CHROMIUM)("…", () => { let rig: Rig; beforeAll(async () => { rig = await startRig(); }); … });
 *
 * - `rig.openPage({width})` opens a fresh browser context (own localStorage) and records page
 *   errors and CSP violations (`page.problems`);
 * - `rig.signedInPages(n)` creates a user (setup) plus n-1 paired devices over the API and opens
 *   one signed-in context per device on /devices;
 * - `rig.screenshot(page, name)` saves `test-results/screenshots/<name>.png` (git-ignored).
 * Chromium is found at CHROMIUM_PATH or /usr/bin/chromium; without it HAS_CHROMIUM is false and the
 * suites skip (scripts/test.mjs prints how to install it).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { SESSION_KEY } from "../../web/src/session/session-store";
import { E2E_SETUP_TOKEN, ROOT, createDevUser, startWranglerDev, type WranglerDev } from "../e2e/wrangler";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
export const SCREENSHOT_DIR = path.join(ROOT, "test-results", "screenshots");
export const SETUP_TOKEN = E2E_SETUP_TOKEN;

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface IssuedDevice {
  userId: string;
  deviceId: string;
  deviceToken: string;
}

/** A page plus what went wrong in it: uncaught errors and CSP violations (should stay empty). */
export interface RigPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

export interface OpenPageOptions {
  /** CSS pixels; default 1280×800. */
  width?: number;
  height?: number;
  colorScheme?: "light" | "dark";
  /** The browser's language (navigator.language); default "en-US". */
  locale?: string;
}

export interface Rig {
  dev: WranglerDev;
  browser: Browser;
  /** `http://127.0.0.1:<port>` */
  url: string;
  openPage(options?: OpenPageOptions): Promise<RigPage>;
  /** Opens a context already signed in as `device` and waits for the devices screen. */
  signedInPage(device: IssuedDevice, options?: OpenPageOptions): Promise<RigPage>;
  /** A new user with `count` devices (first by setup, others paired), each signed in in its own context. */
  signedInPages(count: number, options?: OpenPageOptions): Promise<Array<RigPage & { device: IssuedDevice }>>;
  /** Pairs one more device for the user of `token` over the API. */
  pairDevice(token: string, deviceName: string): Promise<IssuedDevice>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Rebuilds web/dist when it is missing or older than web/src, web/index.html or the vite config. */
export function ensureWebFresh(): void {
  const built = path.join(ROOT, "web", "dist", "index.html");
  const sources = Math.max(
    newestMtime(path.join(ROOT, "web", "src")),
    statSync(path.join(ROOT, "web", "index.html")).mtimeMs,
    statSync(path.join(ROOT, "web", "vite.config.ts")).mtimeMs,
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  execFileSync(
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
}

async function api<T>(url: string, method: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Calls the rig's Worker as a device (`route` under /api/v1); throws with status and body on a
 * non-2xx answer. For test setup and server-side checks beside the browser.
 */
export function rigApi<T>(
  rig: Pick<Rig, "url">,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  return api<T>(`${rig.url}/api/v1${route}`, method, token, body);
}

/** Adds the default connection "Scripted" to the scripted model server at `modelUrl`, answering script `scriptId`. */
export function addScriptedConnection(rig: Pick<Rig, "url">, token: string, modelUrl: string, scriptId: string) {
  return rigApi(rig, token, "POST", "/connections", {
    name: "Scripted",
    provider: "openai-compatible",
    baseUrl: `${modelUrl}/v1`,
    apiKey: "",
    modelId: scriptId,
    isDefault: true,
  });
}

/** Starts wrangler dev and Chromium. Call close() in afterAll. `vars` override the Worker's (e.g. `ENVIRONMENT: "deployed"`). */
export async function startRig(options: { vars?: Record<string, string> } = {}): Promise<Rig> {
  ensureWebFresh();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // wrangler dev and Chromium start side by side; if one fails the other is stopped again.
  const [started, launched] = await Promise.allSettled([
    startWranglerDev(options.vars ? { vars: options.vars } : {}),
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
  ]);
  if (started.status === "rejected" || launched.status === "rejected") {
    if (started.status === "fulfilled") await started.value.stop();
    if (launched.status === "fulfilled") await launched.value.close().catch(() => {});
    throw started.status === "rejected" ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const dev = started.value;
  const browser = launched.value;
  const contexts: BrowserContext[] = [];

  const openPage = async (options: OpenPageOptions = {}): Promise<RigPage> => {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      colorScheme: options.colorScheme ?? "light",
      locale: options.locale ?? "en-US",
      baseURL: dev.url,
    });
    contexts.push(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) problems.push(`csp: ${message.text()}`);
    });
    return { page, context, problems };
  };

  const pairDevice = async (token: string, deviceName: string): Promise<IssuedDevice> => {
    const { code } = await api<{ code: string }>(`${dev.url}/api/v1/devices/pairing-codes`, "POST", token);
    return api<IssuedDevice>(`${dev.url}/api/v1/devices/pair`, "POST", null, { code, deviceName });
  };

  const signedInPage = async (device: IssuedDevice, options: OpenPageOptions = {}): Promise<RigPage> => {
    const opened = await openPage(options);
    await opened.page.goto(`${dev.url}/api/v1/health`);
    await opened.page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [SESSION_KEY, JSON.stringify(device)],
    );
    await opened.page.goto(`${dev.url}/devices`);
    await opened.page.getByRole("heading", { name: "Devices", level: 1 }).waitFor();
    return opened;
  };

  return {
    dev,
    browser,
    url: dev.url,
    openPage,
    signedInPage,
    pairDevice,
    async signedInPages(count, options) {
      const first = await createDevUser(dev.url, "Device 1");
      const devices: IssuedDevice[] = [first];
      for (let i = 2; i <= count; i++) devices.push(await pairDevice(first.deviceToken, `Device ${i}`));
      const pages = [];
      for (const device of devices) pages.push({ ...(await signedInPage(device, options)), device });
      return pages;
    },
    async screenshot(page, name) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      // A full-page shot of a scrolled page draws the sticky header mid-page: start from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close().catch(() => {});
      await dev.stop();
    },
  };
}

/** Polls `check` until it returns a truthy value (or throws the last error after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
