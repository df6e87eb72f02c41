#!/usr/bin/env node
/**
 * Benchmark [chat-generation] against a real `wrangler dev` on 127.0.0.1: time from the model's
 * first token (the moment this process's SSE model server writes the first content chunk) until
 * another device's socket receives the first `chat.generation_delta` — median, p95, min, max over
 * RUNS generations. Baseline in the same run: the bare socket path, from sending
 * `POST /chats/:id/messages` until another socket receives its `chat.message_added`. Prints the
 * ratio of the medians; never asserts timings. About a minute on 2 shared cores.
 */
import http from "node:http";
import WebSocket from "ws";
import { devRequest as call, startWranglerDev } from "../scripts/dev-server.mjs";

const SETUP_TOKEN = "bench-setup-token-0123456789abcdef";
const DATA_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const RUNS = 30;
const WARMUP = 3;

/** A minimal OpenAI-compatible streaming server that notes when it writes the first token. */
function startModel() {
  const firstTokenAt = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      const chunk = (delta, finish = null) =>
        `data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 1, model: "bench", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.write(chunk({ role: "assistant", content: "" }));
      await new Promise((r) => setTimeout(r, 20));
      firstTokenAt.push(performance.now());
      res.write(chunk({ content: "Hello" }));
      await new Promise((r) => setTimeout(r, 100));
      res.write(chunk({ content: " there, traveller." }));
      res.write(chunk({}, "stop"));
      res.end("data: [DONE]\n\n");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, firstTokenAt, close: () => server.close() }),
    ),
  );
}

async function openSocket(base, token) {
  const { ticket } = await call(base, "/api/v1/ws-tickets", token, {});
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/v1/ws?ticket=${encodeURIComponent(ticket)}`);
  const state = { ws, waiters: [] };
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data));
    const at = performance.now();
    state.waiters = state.waiters.filter((w) => !w(frame, at));
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  state.next = (predicate, timeoutMs = 30_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("socket wait timed out")), timeoutMs);
      state.waiters.push((frame, at) => (predicate(frame) ? (clearTimeout(timer), resolve(at), true) : false));
    });
  return state;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (values) =>
  `median ${quantile(values, 0.5).toFixed(1)} ms, p95 ${quantile(values, 0.95).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`;

async function main() {
  const model = await startModel();
  const dev = await startWranglerDev({ vars: { SETUP_TOKEN, DATA_KEY } });
  const watchdog = setTimeout(() => {
    console.error("chat-generation bench: gave up after 5 minutes");
    void dev.stop({ removeState: true }).finally(() => process.exit(1));
  }, 5 * 60_000);
  try {
    const user = await (
      await fetch(`${dev.url}/api/v1/setup`, {
        method: "POST",
        headers: { authorization: `Bearer ${SETUP_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ deviceName: "bench" }),
      })
    ).json();
    const token = user.deviceToken;
    await call(dev.url, "/api/v1/connections", token, {
      name: "bench",
      provider: "openai-compatible",
      baseUrl: `${model.url}/v1`,
      apiKey: "",
      modelId: "bench",
    });
    const chat = await call(dev.url, "/api/v1/chats", token, { title: "bench", character: { name: "Bench" } });
    const other = await openSocket(dev.url, token);

    const generation = [];
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      const firstDelta = other.next((f) => f.type === "chat.generation_delta");
      const ended = other.next((f) => f.type === "chat.generation_ended");
      const before = model.firstTokenAt.length;
      await call(dev.url, `/api/v1/chats/${chat.id}/generate`, token, {
        generationType: "normal",
        userMessage: { text: `Hi ${i}` },
      });
      const at = await firstDelta;
      await ended;
      if (model.firstTokenAt.length !== before + 1) throw new Error("the model was not called exactly once");
      if (i >= WARMUP) generation.push(at - model.firstTokenAt[before]);
    }

    const bare = [];
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      const added = other.next((f) => f.type === "chat.message_added");
      const started = performance.now();
      await call(dev.url, `/api/v1/chats/${chat.id}/messages`, token, { role: "user", text: `ping ${i}` });
      const at = await added;
      if (i >= WARMUP) bare.push(at - started);
    }
    other.ws.close();
    console.log(
      `first streamed delta on another device after the model's first token, ${RUNS} generations: ${fmt(generation)}`,
    );
    console.log(`baseline, bare socket path (append a message → chat.message_added on another socket): ${fmt(bare)}`);
    console.log(
      `ratio (median generation / median bare socket): ${(quantile(generation, 0.5) / quantile(bare, 0.5)).toFixed(2)}`,
    );
  } finally {
    clearTimeout(watchdog);
    await dev.stop({ removeState: true });
    model.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
