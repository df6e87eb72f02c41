#!/usr/bin/env node
/**
 * Benchmark [agent-journal] (issue 11) against a real `wrangler dev` on 127.0.0.1:
 * 1. Append + delivery: 1,000 events appended one at a time through the development-only route
 *    POST /api/v1/agent/dev/runs/:runId/events {count:1}; latency = from sending the request until
 *    all 3 subscribed sockets have received that `agent.event` (p50, p99). The plain HTTP round trip
 *    of the same request is printed next to it for reference.
 * 2. Replay of 10,000 events: a fresh socket sends `agent.subscribe {afterSeq:0}` and the time until
 *    `agent.subscribed` (after all 10,000 backlog frames); and a full HTTP read in pages of 500.
 *    Medians of 5 repetitions.
 * Bounded: about 1 minute on 2 shared cores (a 5-minute watchdog stops it). Prints medians; never
 * asserts timings. wrangler dev reloads when sources change, so do not edit files while it runs.
 */
import { devRequest as call, startWranglerDev } from "../scripts/dev-server.mjs";
import WebSocket from "ws";

const SETUP_TOKEN = "bench-setup-token-0123456789abcdef";
const DATA_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const APPENDS = 1000;
const SOCKETS = 3;
const REPLAY_EVENTS = 10_000;
const REPLAY_REPEATS = 5;

/** Starts `wrangler dev` (scripts/dev-server.mjs) with its own state folder, removed on stop. */
async function startDev() {
  const dev = await startWranglerDev({ vars: { SETUP_TOKEN, DATA_KEY } });
  return { url: dev.url, stop: () => dev.stop({ removeState: true }) };
}

/** A socket that tracks the highest agent.event seq per run and resolves waiters. */
async function openSocket(base, token) {
  const { ticket } = await call(base, "/api/v1/ws-tickets", token, {});
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/v1/ws?ticket=${encodeURIComponent(ticket)}`);
  const state = { ws, lastSeq: 0, events: 0, waiters: [], subscribed: null };
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data));
    if (frame.type === "agent.event") {
      state.events += 1;
      state.lastSeq = frame.event.seq;
    } else if (frame.type === "agent.subscribed") {
      state.subscribed = frame;
    } else if (frame.type === "error") {
      console.error("socket error frame", frame);
    }
    state.waiters = state.waiters.filter((waiter) => !waiter());
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  ws.on("close", () => {
    state.closed = true;
  });
  state.until = (predicate, timeoutMs = 30_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `socket wait timed out (closed: ${Boolean(state.closed)}, lastSeq ${state.lastSeq}); wrangler dev may have reloaded`,
            ),
          ),
        timeoutMs,
      );
      const check = () => (predicate(state) ? (clearTimeout(timer), resolve(), true) : false);
      if (!check()) state.waiters.push(check);
    });
  return state;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value) => `${value.toFixed(2)} ms`;

async function main() {
  const dev = await startDev();
  const watchdog = setTimeout(() => {
    console.error("journal bench: gave up after 5 minutes");
    void dev.stop().finally(() => process.exit(1));
  }, 5 * 60_000);
  try {
    const setup = await fetch(`${dev.url}/api/v1/setup`, {
      method: "POST",
      headers: { authorization: `Bearer ${SETUP_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ deviceName: "bench" }),
    });
    const user = await setup.json();
    const token = user.deviceToken;

    // 1. append + delivery to 3 sockets
    const run = await call(dev.url, "/api/v1/agent/dev/runs", token, { stableChatId: "bench-chat" });
    const sockets = [];
    for (let i = 0; i < SOCKETS; i += 1) {
      const socket = await openSocket(dev.url, token);
      socket.ws.send(JSON.stringify({ type: "agent.subscribe", runId: run.runId, afterSeq: 1 }));
      await socket.until((s) => s.subscribed !== null);
      sockets.push(socket);
    }
    for (let i = 0; i < 50; i += 1)
      await call(dev.url, `/api/v1/agent/dev/runs/${run.runId}/events`, token, { count: 1 }); // warm-up
    await Promise.all(sockets.map((s) => s.until((x) => x.lastSeq >= 51)));
    const delivery = [];
    const roundTrip = [];
    for (let i = 0; i < APPENDS; i += 1) {
      const started = performance.now();
      const posted = call(dev.url, `/api/v1/agent/dev/runs/${run.runId}/events`, token, {
        count: 1,
        payloadChars: 200,
      }).then((body) => {
        roundTrip.push(performance.now() - started);
        return body.lastSeq;
      });
      const target = 52 + i;
      await Promise.all(sockets.map((s) => s.until((x) => x.lastSeq >= target)));
      delivery.push(performance.now() - started);
      if ((await posted) !== target) throw new Error(`unexpected seq ${await posted}, wanted ${target}`);
    }
    for (const socket of sockets) socket.ws.close();
    console.log(
      `append + delivery to ${SOCKETS} sockets, ${APPENDS} events: p50 ${ms(quantile(delivery, 0.5))}, p99 ${ms(quantile(delivery, 0.99))} (HTTP round trip of the append request: p50 ${ms(quantile(roundTrip, 0.5))}, p99 ${ms(quantile(roundTrip, 0.99))})`,
    );

    // 2. replay of 10,000 events
    const big = await call(dev.url, "/api/v1/agent/dev/runs", token, { stableChatId: "bench-replay" });
    let last = 1;
    while (last < REPLAY_EVENTS)
      last = (
        await call(dev.url, `/api/v1/agent/dev/runs/${big.runId}/events`, token, {
          count: Math.min(2000, REPLAY_EVENTS - last),
          payloadChars: 200,
        })
      ).lastSeq;
    const socketReplay = [];
    const httpReplay = [];
    for (let r = 0; r < REPLAY_REPEATS; r += 1) {
      const socket = await openSocket(dev.url, token);
      const started = performance.now();
      socket.ws.send(JSON.stringify({ type: "agent.subscribe", runId: big.runId, afterSeq: 0 }));
      await socket.until((s) => s.subscribed !== null);
      socketReplay.push(performance.now() - started);
      if (socket.events !== REPLAY_EVENTS || socket.subscribed.lastSeq !== REPLAY_EVENTS)
        throw new Error(`replay delivered ${socket.events} events, lastSeq ${socket.subscribed.lastSeq}`);
      socket.ws.close();

      const httpStarted = performance.now();
      let afterSeq = 0;
      let read = 0;
      for (;;) {
        const { events } = await call(
          dev.url,
          `/api/v1/agent/runs/${big.runId}/events?afterSeq=${afterSeq}&limit=500`,
          token,
        );
        if (events.length === 0) break;
        read += events.length;
        afterSeq = events[events.length - 1].seq;
      }
      httpReplay.push(performance.now() - httpStarted);
      if (read !== REPLAY_EVENTS) throw new Error(`HTTP replay read ${read} events`);
    }
    console.log(
      `replay of ${REPLAY_EVENTS} events: socket subscribe → agent.subscribed median ${ms(quantile(socketReplay, 0.5))}; HTTP read in pages of 500 median ${ms(quantile(httpReplay, 0.5))} (${REPLAY_REPEATS} runs)`,
    );
  } finally {
    clearTimeout(watchdog);
    await dev.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
