/**
 * Shared helpers for workers-pool tests: call the Worker, create users, open sockets.
 * All files share one workerd and its Durable Object storage (docs/decisions/3201): a test works in
 * users it creates itself (`createUser`), never in state another file left. Every helper goes through
 * the real Worker entry.
 */
import { SELF } from "cloudflare:test";
import { afterEach, expect } from "vitest";
import { serverFrameSchema } from "../../src/contracts/server-frames";
import { answerSchema } from "./wire-answers";

export const SETUP_TOKEN = "test-setup-token-0123456789abcdef";

/** Calls the Worker. `body` objects are sent as JSON. */
export async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  return SELF.fetch(`https://edge.test${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** Calls the Worker and parses JSON, asserting the status. */
export async function apiJson<T = any>(
  path: string,
  init: Parameters<typeof api>[1] & { expectStatus?: number } = {},
): Promise<T> {
  const response = await api(path, init);
  const text = await response.text();
  if (init.expectStatus !== undefined) expect(response.status, text).toBe(init.expectStatus);
  const body = text ? JSON.parse(text) : null;
  if (body !== null)
    checkAnswer(init.method ?? (init.body !== undefined ? "POST" : "GET"), path, response.status, init.body, body);
  return body as T;
}

export interface TestUser {
  userId: string;
  deviceId: string;
  deviceToken: string;
}

/** Creates a user through /api/v1/setup. */
export async function createUser(deviceName = "Laptop"): Promise<TestUser> {
  return apiJson<TestUser>("/api/v1/setup", { token: SETUP_TOKEN, body: { deviceName }, expectStatus: 201 });
}

/** A connected socket that records every frame it receives. */
export interface TestSocket {
  ws: WebSocket;
  frames: any[];
  send(frame: unknown): void;
  /** Resolves with the first recorded frame (from `from` on) matching `predicate`. */
  waitFor(predicate: (frame: any) => boolean, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number }>;
}

/**
 * Frames a test socket received that are not in the wire contract (src/contracts/server-frames.ts):
 * every frame of every integration test is parsed with `serverFrameSchema`, and a test whose
 * sockets received one fails in `afterEach` with the frame and the schema's complaint.
 */
const offContract: Array<{ frame: unknown; issues: string[] }> = [];
afterEach(() => {
  const found = offContract.splice(0);
  expect(found, "socket frames or /api/v1 answers outside the wire contract (src/contracts)").toEqual([]);
});

/** Records an /api/v1 JSON answer that does not parse with its route's schema (./wire-answers). */
export function checkAnswer(method: string, path: string, status: number, requestBody: unknown, body: unknown): void {
  const schema = answerSchema(method.toUpperCase(), path, status, requestBody);
  const parsed = schema?.safeParse(body);
  if (parsed && !parsed.success)
    offContract.push({
      frame: { answer: `${method} ${path} ${status}`, body },
      issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    });
}

/** Records `frame` when it does not parse with the server frame union. */
export function checkFrame(frame: unknown): void {
  const parsed = serverFrameSchema.safeParse(frame);
  if (!parsed.success)
    offContract.push({ frame, issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
}

/** Opens a WebSocket for `token` through a fresh ticket. */
export async function openSocket(token: string): Promise<TestSocket> {
  const { ticket } = await apiJson<{ ticket: string }>("/api/v1/ws-tickets", {
    method: "POST",
    token,
    expectStatus: 201,
  });
  const response = await SELF.fetch(`https://edge.test/api/v1/ws?ticket=${encodeURIComponent(ticket)}`, {
    headers: { Upgrade: "websocket" },
  });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const frames: any[] = [];
  const waiters: Array<() => void> = [];
  ws.addEventListener("message", (event) => {
    const frame = JSON.parse(String(event.data));
    checkFrame(frame);
    frames.push(frame);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.addEventListener("close", (event) => resolve({ code: event.code })),
  );
  return {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    closed,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames).slice(0, 500)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

/** Waits briefly so that frames which should NOT arrive would have arrived. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
