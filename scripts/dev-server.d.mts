/** Types of scripts/dev-server.mjs (see its header). */
export declare const ROOT: string;
export declare const DEV_SETUP_TOKEN: string;
export declare const DEV_DATA_KEY: string;
export declare function freePort(): Promise<number>;
export declare function ensureWebBuilt(): void;
export declare function stopProcessGroup(child: import("node:child_process").ChildProcess | null): Promise<void>;

export interface WranglerDevOptions {
  port?: number;
  persistDir?: string;
  vars?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Another wrangler config (path relative to the repository root). */
  config?: string;
}

export interface WranglerDev {
  url: string;
  port: number;
  persistDir: string;
  setupToken: string;
  /** The wrangler process id (leader of the process group that holds workerd). */
  readonly pid: number;
  /** Stops the process tree (and removes the state folder with `{removeState: true}`). */
  stop(options?: { removeState?: boolean }): Promise<void>;
  /**
   * Stops and starts again on the same port and state (offline/restart tests). `crash: true`
   * SIGKILLs the whole process group instead of asking it to stop (fault injection).
   */
  restart(options?: { crash?: boolean }): Promise<void>;
  /** Everything wrangler printed so far. */
  output(): string;
}

export declare function startWranglerDev(options?: WranglerDevOptions): Promise<WranglerDev>;
export declare function createDevUser(
  baseUrl: string,
  deviceName?: string,
  setupToken?: string,
): Promise<{ userId: string; deviceId: string; deviceToken: string }>;
export declare function devFetch(
  baseUrl: string,
  route: string,
  token: string,
  body?: unknown,
  method?: string,
): Promise<Response>;
export declare function devRequest(
  baseUrl: string,
  route: string,
  token: string,
  body?: unknown,
  method?: string,
  // biome-ignore lint/suspicious/noExplicitAny: the answer is whatever JSON the route returns
): Promise<any>;
