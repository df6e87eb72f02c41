#!/usr/bin/env node
/**
 * Benchmark [chats] (issue 9) against a real `wrangler dev` on 127.0.0.1:
 * 1. Import of a 10,000-message SillyTavern JSONL file (~20 MB; 2 KB per message, every 10th with
 *    3 swipes) through POST /api/v1/chats/import — median of IMPORT_REPEATS runs (each a new chat).
 * 2. Read of the last 50 messages (GET …/messages?fromEnd=true&limit=50) — median of READ_REPEATS.
 * 3. For reference: a full streamed export (GET …/export) — median of EXPORT_REPEATS.
 * Bounded (about 1–2 minutes on 2 shared cores); prints medians; never asserts timings.
 */
import { startWranglerDev } from "../scripts/dev-server.mjs";

const SETUP_TOKEN = "bench-setup-token-0123456789abcdef";
const DATA_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const MESSAGES = 10_000;
const IMPORT_REPEATS = 3;
const READ_REPEATS = 30;
const EXPORT_REPEATS = 3;

/** Starts `wrangler dev` (scripts/dev-server.mjs) with its own state folder, removed on stop. */
async function startDev() {
  const dev = await startWranglerDev({ vars: { SETUP_TOKEN, DATA_KEY } });
  return { url: dev.url, stop: () => dev.stop({ removeState: true }) };
}

/** A SillyTavern file of `count` messages of about 2 KB each. */
function buildFile(count) {
  const lines = [
    JSON.stringify({
      user_name: "User",
      character_name: "Bench",
      create_date: "2026-01-01@00h00m00s",
      chat_metadata: { note_prompt: "", tainted: false },
    }),
  ];
  const words = "the quick brown fox jumps over the lazy dog while the tavern keeper pours another round ".repeat(22);
  for (let i = 0; i < count; i += 1) {
    const mes = `#${i} ${words}`.slice(0, 1900);
    const line = {
      name: i % 2 ? "Bench" : "User",
      is_user: i % 2 === 0,
      is_system: false,
      send_date: `January 1, 2026 ${i}`,
      mes,
      extra: { i },
    };
    if (i % 10 === 1)
      Object.assign(line, {
        swipes: [mes, `${mes.slice(0, 300)} (alt)`, `${mes.slice(0, 200)} (alt 2)`],
        swipe_id: 0,
        swipe_info: [{}, {}, {}],
      });
    lines.push(JSON.stringify(line));
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

/** fetch that retries once when `wrangler dev` reloaded mid-request (other files changed). */
async function request(url, init) {
  const response = await fetch(url, init);
  if (response.status >= 500 && init?.retried !== true) {
    const text = await response.clone().text();
    if (text.includes("restarted")) return request(url, { ...init, retried: true });
  }
  return response;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const file = buildFile(MESSAGES);
  const dev = await startDev();
  try {
    const setup = await request(`${dev.url}/api/v1/setup`, {
      method: "POST",
      headers: { authorization: `Bearer ${SETUP_TOKEN}`, "content-type": "application/json" },
      body: "{}",
    });
    if (setup.status !== 201) throw new Error(`setup failed: ${setup.status} ${await setup.text()}`);
    const { deviceToken } = await setup.json();
    const auth = { authorization: `Bearer ${deviceToken}` };

    const importMs = [];
    let chatId = "";
    for (let i = 0; i < IMPORT_REPEATS; i += 1) {
      const started = performance.now();
      const response = await request(`${dev.url}/api/v1/chats/import`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-ndjson" },
        body: file,
      });
      const text = await response.text();
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`import failed: ${response.status} ${text.slice(0, 500)}`);
      }
      importMs.push(performance.now() - started);
      if (response.status !== 201 || body.messageCount !== MESSAGES)
        throw new Error(`import failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      chatId = body.id;
    }

    const readMs = [];
    for (let i = 0; i < READ_REPEATS; i += 1) {
      const started = performance.now();
      const response = await request(`${dev.url}/api/v1/chats/${chatId}/messages?fromEnd=true&limit=50`, {
        headers: auth,
      });
      const body = await response.json();
      readMs.push(performance.now() - started);
      if (body.messages?.length !== 50 || body.messages[49].index !== MESSAGES - 1)
        throw new Error(`read failed: ${JSON.stringify(body).slice(0, 300)}`);
    }

    const exportMs = [];
    let exportedBytes = 0;
    for (let i = 0; i < EXPORT_REPEATS; i += 1) {
      const started = performance.now();
      const response = await request(`${dev.url}/api/v1/chats/${chatId}/export`, { headers: auth });
      exportedBytes = (await response.arrayBuffer()).byteLength;
      exportMs.push(performance.now() - started);
    }

    const mb = (file.byteLength / (1024 * 1024)).toFixed(1);
    console.log(
      `chats: import ${MESSAGES} messages (${mb} MB JSONL)  median ${median(importMs).toFixed(0)} ms  (runs: ${importMs.map((v) => v.toFixed(0)).join(", ")})`,
    );
    console.log(
      `chats: read last 50 of ${MESSAGES}                 median ${median(readMs).toFixed(1)} ms  (${READ_REPEATS} runs)`,
    );
    console.log(
      `chats: export ${MESSAGES} messages (${(exportedBytes / 1048576).toFixed(1)} MB)     median ${median(exportMs).toFixed(0)} ms  (${EXPORT_REPEATS} runs)`,
    );
  } finally {
    await dev.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
