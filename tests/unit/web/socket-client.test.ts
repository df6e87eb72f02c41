/**
 * The web client's socket (web/src/socket/socket-client.ts) against a scripted WebSocket:
 * tickets, reconnect with backoff, re-subscription from the last seen seq, sign-out on 4001.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../web/src/api/client";
import { SocketClient, type SocketStatus } from "../../../web/src/socket/socket-client";

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: any[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function client(overrides: Partial<ConstructorParameters<typeof SocketClient>[0]> = {}) {
  let n = 0;
  const getTicket = vi.fn(async () => `ticket-${++n}`);
  const onSignedOut = vi.fn();
  const statuses: SocketStatus[] = [];
  const socket = new SocketClient({
    getTicket,
    onSignedOut,
    socketUrl: (ticket) => `ws://test/api/v1/ws?ticket=${ticket}`,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    random: () => 0,
    backoff: { baseMs: 500, maxMs: 4000 },
    pingIntervalMs: 60_000,
    ...overrides,
  });
  socket.onStatus((s) => statuses.push(s));
  return { socket, getTicket, onSignedOut, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe("SocketClient", () => {
  it("connects with a fresh single-use ticket and reports online", async () => {
    const { socket, getTicket, statuses } = client();
    socket.start();
    await flush();
    expect(getTicket).toHaveBeenCalledTimes(1);
    expect(last().url).toBe("ws://test/api/v1/ws?ticket=ticket-1");
    last().open();
    expect(statuses).toEqual(["connecting", "online"]);
    socket.stop();
    expect(socket.status).toBe("stopped");
  });

  it("goes offline on a drop and reconnects after the backoff with a new ticket", async () => {
    const { socket, getTicket } = client();
    socket.start();
    await flush();
    last().open();
    last().drop();
    expect(socket.status).toBe("offline");
    await vi.advanceTimersByTimeAsync(249); // random()=0 → half of 500 ms
    expect(getTicket).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(last().url).toContain("ticket-2");
    last().open();
    expect(socket.status).toBe("online");
    socket.stop();
  });

  it("backs off exponentially (capped) while the server stays unreachable", async () => {
    const getTicket = vi.fn(async (): Promise<string> => {
      throw new ApiError(0, "client.network_unreachable", "down");
    });
    const { socket } = client({ getTicket });
    socket.start();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      await flush();
      delays.push(socket.nextRetryAt! - Date.now());
      await vi.advanceTimersByTimeAsync(delays[i]!);
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 2000]);
    expect(socket.status).toBe("offline");
    socket.stop();
  });

  it("re-subscribes followed runs after a reconnect from the last seq seen, and drops replayed duplicates", async () => {
    const { socket } = client();
    const seen: number[] = [];
    socket.start();
    await flush();
    last().open();
    socket.followRun("run_1", (event) => seen.push(event.seq));
    expect(last().sent).toContainEqual({ type: "agent.subscribe", runId: "run_1", afterSeq: 0 });
    for (const seq of [1, 2, 3]) last().receive({ type: "agent.event", event: { runId: "run_1", seq, type: "x" } });
    last().receive({ type: "agent.event", event: { runId: "other", seq: 9, type: "x" } });
    expect(seen).toEqual([1, 2, 3]);

    last().drop();
    await vi.advanceTimersByTimeAsync(250);
    await flush();
    last().open();
    expect(last().sent).toEqual([{ type: "ping" }, { type: "agent.subscribe", runId: "run_1", afterSeq: 3 }]);
    last().receive({ type: "agent.event", event: { runId: "run_1", seq: 3, type: "x" } });
    last().receive({ type: "agent.event", event: { runId: "run_1", seq: 4, type: "x" } });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(socket.lastSeq("run_1")).toBe(4);
    socket.stop();
  });

  it("a subscription made while offline is sent once the socket opens; unfollowing unsubscribes", async () => {
    const { socket } = client();
    const stopFollowing = socket.followRun("run_2", () => {}, 7);
    socket.start();
    await flush();
    last().open();
    expect(last().sent).toEqual([{ type: "ping" }, { type: "agent.subscribe", runId: "run_2", afterSeq: 7 }]);
    stopFollowing();
    expect(last().sent).toContainEqual({ type: "agent.unsubscribe", runId: "run_2" });
    last().drop();
    await vi.advanceTimersByTimeAsync(250);
    await flush();
    last().open();
    expect(last().sent).toEqual([{ type: "ping" }]);
    socket.stop();
  });

  it("close code 4001 (device revoked) signs out and stops reconnecting", async () => {
    const { socket, getTicket, onSignedOut } = client();
    socket.start();
    await flush();
    last().open();
    last().drop(4001);
    expect(socket.status).toBe("stopped");
    expect(onSignedOut).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getTicket).toHaveBeenCalledTimes(1);
  });

  it("a ticket refused with auth.token_revoked signs out instead of retrying", async () => {
    const getTicket = vi.fn(async (): Promise<string> => {
      throw new ApiError(401, "auth.token_revoked", "revoked");
    });
    const { socket, onSignedOut } = client({ getTicket });
    socket.start();
    await flush();
    expect(onSignedOut).toHaveBeenCalledWith(
      "This device was signed out: its token was revoked. Pair it again from a signed-in device.",
    );
    expect(socket.status).toBe("stopped");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getTicket).toHaveBeenCalledTimes(1);
  });

  it("pings as soon as the socket opens, so no socket stays silent (a revoked device's must close)", async () => {
    const { socket } = client();
    socket.start();
    await flush();
    last().open();
    expect(last().sent).toEqual([{ type: "ping" }]);
    socket.stop();
  });

  it("a socket that stops answering pings is treated as dropped", async () => {
    const { socket, getTicket } = client({ pingIntervalMs: 1000, pongTimeoutMs: 500 });
    socket.start();
    await flush();
    const first = last();
    first.open();
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.sent).toContainEqual({ type: "ping" });
    first.receive({ type: "pong" });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(500); // second ping never answered
    expect(first.closedWith).toBe(4000);
    expect(socket.status).toBe("offline");
    await vi.advanceTimersByTimeAsync(250);
    expect(getTicket).toHaveBeenCalledTimes(2);
    socket.stop();
  });

  it("delivers frames to listeners by type and to '*'", async () => {
    const { socket } = client();
    const byType: unknown[] = [];
    const all: unknown[] = [];
    socket.onFrame("device.changed", (f) => byType.push(f));
    const off = socket.onFrame("*", (f) => all.push(f.type));
    socket.start();
    await flush();
    last().open();
    last().receive({ type: "device.changed", device: { id: "d" } });
    last().receive({ type: "pong" });
    off();
    last().receive({ type: "device.revoked", deviceId: "d" });
    expect(byType).toEqual([{ type: "device.changed", device: { id: "d" } }]);
    expect(all).toEqual(["device.changed", "pong"]);
    socket.stop();
  });
});
