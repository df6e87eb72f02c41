/**
 * The web client's one live socket (docs/spec/hosted.md §7). It gets a single-use ticket
 * (POST /api/v1/ws-tickets), opens `/api/v1/ws?ticket=…`, pings at once and then keeps it alive
 * with `ping` (docs/spec/hardening.md "Revoked devices"), reconnects
 * with exponential backoff and jitter after any drop, and after every reconnect re-sends
 * `agent.subscribe {runId, afterSeq}` for each run a screen follows, with `afterSeq` = the last
 * journal seq seen for that run (so the server replays only what was missed; duplicates are dropped).
 *
 * Status: `connecting` (first attempt) → `online` ⇄ `offline` (dropped, retrying); `stopped` after
 * stop() or when the device was signed out (close code 4001, or the ticket call answers a
 * sign-out code), which also calls `onSignedOut`.
 */
import { ApiError, SIGNED_OUT_CODES } from "../api/client";
import { i18n } from "../i18n/i18n";
import type { AgentRunEvent, ClientFrame, ServerFrame, ServerFrameOf, ServerFrameType } from "../api/types";
import { DEFAULT_BACKOFF, reconnectDelay, type BackoffOptions } from "./backoff";

export type SocketStatus = "connecting" | "online" | "offline" | "stopped";

/** Close code the server uses when the device was revoked. */
export const CLOSE_REVOKED = 4001;

export interface SocketClientOptions {
  /** Returns a fresh ticket (throws ApiError on failure). */
  getTicket: () => Promise<string>;
  /** ws:// or wss:// URL for a ticket. Default: same origin `/api/v1/ws`. */
  socketUrl?: (ticket: string) => string;
  onSignedOut?: (reason: string) => void;
  WebSocketImpl?: typeof WebSocket;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Keep-alive ping interval and the wait for its pong, ms. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
}

type FrameListener = (frame: ServerFrame) => void;
type RunListener = (event: AgentRunEvent) => void;

interface RunFollow {
  lastSeq: number;
  listeners: Set<RunListener>;
}

export function sameOriginSocketUrl(ticket: string): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/api/v1/ws?ticket=${encodeURIComponent(ticket)}`;
}

export class SocketClient {
  private ws: WebSocket | null = null;
  private statusValue: SocketStatus = "stopped";
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly statusListeners = new Set<(status: SocketStatus) => void>();
  private readonly frameListeners = new Map<string, Set<FrameListener>>();
  private readonly runs = new Map<string, RunFollow>();
  private generation = 0;
  /** When the next reconnect attempt is due (ms epoch), or null. */
  nextRetryAt: number | null = null;

  constructor(private readonly options: SocketClientOptions) {}

  get status(): SocketStatus {
    return this.statusValue;
  }

  /** Starts connecting (no-op when already started). */
  start(): void {
    if (this.statusValue !== "stopped") return;
    this.setStatus("connecting");
    void this.connect();
  }

  /** Closes the socket and stops reconnecting. */
  stop(): void {
    this.generation++;
    this.clearTimers();
    this.setStatus("stopped");
    const ws = this.ws;
    this.ws = null;
    if (ws)
      try {
        ws.close(1000, "client stopped");
      } catch {
        /* already closed */
      }
  }

  /** Skips the current backoff wait (e.g. the browser came back online). */
  retryNow(): void {
    if (this.statusValue !== "offline" || this.retryTimer === null) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.connect();
  }

  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Listens to server frames of one `type` (narrowed to that frame of the wire contract) or "*"
   * for all. Returns an unsubscribe function.
   */
  onFrame<T extends ServerFrameType>(type: T, listener: (frame: ServerFrameOf<T>) => void): () => void;
  onFrame(type: "*", listener: FrameListener): () => void;
  onFrame(type: string, listener: (frame: never) => void): () => void {
    let set = this.frameListeners.get(type);
    if (!set) this.frameListeners.set(type, (set = new Set()));
    const entry = listener as FrameListener;
    set.add(entry);
    return () => set.delete(entry);
  }

  /**
   * Follows one agent run: its journal events after `afterSeq` arrive in `listener` in seq order,
   * across reconnects, each once. Returns a function that stops following (sends
   * `agent.unsubscribe` when the last listener of that run leaves).
   */
  followRun(runId: string, listener: RunListener, afterSeq = 0): () => void {
    let follow = this.runs.get(runId);
    if (!follow) {
      follow = { lastSeq: afterSeq, listeners: new Set() };
      this.runs.set(runId, follow);
      this.send({ type: "agent.subscribe", runId, afterSeq: follow.lastSeq });
    }
    follow.listeners.add(listener);
    return () => {
      const current = this.runs.get(runId);
      if (!current) return;
      current.listeners.delete(listener);
      if (current.listeners.size === 0) {
        this.runs.delete(runId);
        this.send({ type: "agent.unsubscribe", runId });
      }
    };
  }

  /** The last journal seq seen for a followed run (0 when none). */
  lastSeq(runId: string): number {
    return this.runs.get(runId)?.lastSeq ?? 0;
  }

  /** Sends a frame when online; returns false (frame dropped) otherwise. Subscriptions are re-sent on reconnect. */
  send(frame: ClientFrame): boolean {
    if (this.statusValue !== "online" || !this.ws) return false;
    try {
      this.ws.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private setStatus(status: SocketStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private async connect(): Promise<void> {
    const generation = this.generation;
    this.nextRetryAt = null;
    let ticket: string;
    try {
      ticket = await this.options.getTicket();
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof ApiError && SIGNED_OUT_CODES.has(error.code))
        return this.signedOut(
          i18n.t(error.code === "auth.token_revoked" ? "shell.signOut.tokenRevoked" : "shell.signOut.tokenInvalid"),
        );
      return this.scheduleRetry();
    }
    if (generation !== this.generation) return;
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    const url = (this.options.socketUrl ?? sameOriginSocketUrl)(ticket);
    let ws: WebSocket;
    try {
      ws = new Impl(url);
    } catch {
      return this.scheduleRetry();
    }
    this.ws = ws;
    ws.onopen = () => {
      if (generation !== this.generation) return;
      this.attempt = 0;
      this.setStatus("online");
      // A ping at once: workerd does not finish the close handshake of a hibernatable socket that
      // never sent a frame, so a revoked device's silent socket would hang in CLOSING (issue 30).
      this.send({ type: "ping" });
      for (const [runId, follow] of this.runs) this.send({ type: "agent.subscribe", runId, afterSeq: follow.lastSeq });
      this.startPing(ws);
    };
    ws.onmessage = (event) => {
      if (generation !== this.generation) return;
      this.receive(typeof event.data === "string" ? event.data : "");
    };
    ws.onclose = (event) => {
      if (generation !== this.generation || this.ws !== ws) return;
      this.ws = null;
      this.stopPing();
      if (event.code === CLOSE_REVOKED) return this.signedOut(i18n.t("shell.signOut.revokedElsewhere"));
      this.scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  private receive(text: string): void {
    // The server's frames follow src/contracts/server-frames.ts (tests parse them with its
    // schema); only the envelope is checked here, and a type this client does not know is ignored.
    let frame: ServerFrame;
    try {
      frame = JSON.parse(text) as ServerFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame.type !== "string") return;
    if (frame.type === "pong" && this.pongTimer !== null) {
      clearTimeout(this.pongTimer);
      this.pongTimer = null;
    }
    if (frame.type === "agent.event") this.routeRunEvent(frame.event);
    if (frame.type === "agent.subscribed") {
      const follow = this.runs.get(frame.runId);
      if (follow) follow.lastSeq = Math.max(follow.lastSeq, frame.lastSeq);
    }
    for (const key of [frame.type, "*"]) {
      for (const listener of [...(this.frameListeners.get(key) ?? [])]) listener(frame);
    }
  }

  private routeRunEvent(event: AgentRunEvent): void {
    const follow = this.runs.get(event.runId);
    if (!follow || event.seq <= follow.lastSeq) return;
    follow.lastSeq = event.seq;
    for (const listener of [...follow.listeners]) listener(event);
  }

  private scheduleRetry(): void {
    if (this.statusValue === "stopped") return;
    this.setStatus("offline");
    const delay = reconnectDelay(this.attempt++, this.options.random, this.options.backoff ?? DEFAULT_BACKOFF);
    this.nextRetryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private signedOut(reason: string): void {
    this.stop();
    this.options.onSignedOut?.(reason);
  }

  private startPing(ws: WebSocket): void {
    this.stopPing();
    const interval = this.options.pingIntervalMs ?? 25_000;
    const timeout = this.options.pongTimeoutMs ?? 10_000;
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: "ping" }) || this.pongTimer !== null) return;
      this.pongTimer = setTimeout(() => {
        // No pong: the connection is dead even if the browser has not noticed yet.
        this.pongTimer = null;
        try {
          ws.close(4000, "no pong");
        } catch {
          /* closed */
        }
        if (this.ws === ws) {
          this.ws = null;
          this.stopPing();
          this.scheduleRetry();
        }
      }, timeout);
    }, interval);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    if (this.pongTimer !== null) clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private clearTimers(): void {
    this.stopPing();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.nextRetryAt = null;
  }
}
