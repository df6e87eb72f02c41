#!/usr/bin/env node
/**
 * Benchmark row 4 of issue 31 against real `wrangler dev` processes on 127.0.0.1: import of a
 * 10,000-message SillyTavern JSONL file (~20 MB; 2 KB per message, every 10th with 3 swipes)
 * through POST /api/v1/chats/import (each a new chat), as ratios against two baselines measured in
 * the same run, samples interleaved (bench/lib/stats.mjs):
 * - `JSON.parse` of the file line by line in this Node process (5 passes per sample);
 * - a bare Durable Object (bench/baseline/worker.ts) streaming the same body, parsing each line and
 *   inserting the same rows.
 * The same three are also compared in CPU time (less disturbed by other load on a shared machine):
 * the wrangler process group's user+system CPU per import, read from /proc on this side (inside
 * workerd the clocks advance only on I/O), and this process's CPU for the Node parse.
 * For reference (no baseline): reading the last 50 messages and a full streamed export.
 * Prints medians with min and max; never asserts timings. A few minutes on 2 shared cores.
 */
import { startWranglerDev } from "../scripts/dev-server.mjs";
import { groupCpuMs } from "./lib/process-cpu.mjs";
import { interleave, perIteration, ratioLine, summary } from "./lib/stats.mjs";

const SETUP_TOKEN = "bench-setup-token-0123456789abcdef";
const DATA_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const MESSAGES = 10_000;
const SAMPLES = 5;
const READ_REPEATS = 30;
const EXPORT_REPEATS = 3;

/** Starts `wrangler dev` (scripts/dev-server.mjs) with its own state folder, removed on stop. */
async function startDev() {
  const dev = await startWranglerDev({ vars: { SETUP_TOKEN, DATA_KEY } });
  return { url: dev.url, pid: dev.pid, stop: () => dev.stop({ removeState: true }) };
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

async function main() {
  const file = buildFile(MESSAGES);
  const [dev, bare] = await Promise.all([startDev(), startWranglerDev({ config: "bench/baseline/wrangler.toml" })]);
  try {
    const setup = await request(`${dev.url}/api/v1/setup`, {
      method: "POST",
      headers: { authorization: `Bearer ${SETUP_TOKEN}`, "content-type": "application/json" },
      body: "{}",
    });
    if (setup.status !== 201) throw new Error(`setup failed: ${setup.status} ${await setup.text()}`);
    const { deviceToken } = await setup.json();
    const auth = { authorization: `Bearer ${deviceToken}` };

    let chatId = "";
    const edgeImport = async () => {
      const response = await request(`${dev.url}/api/v1/chats/import`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-ndjson" },
        body: file,
      });
      const text = await response.text();
      const body = JSON.parse(text);
      if (response.status !== 201 || body.messageCount !== MESSAGES)
        throw new Error(`import failed: ${response.status} ${text.slice(0, 300)}`);
      chatId = body.id;
    };
    const bareImport = async () => {
      const response = await request(`${bare.url}/import`, { method: "POST", body: file });
      const body = await response.json();
      if (response.status !== 201 || body.messageCount !== MESSAGES)
        throw new Error(`bare import failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    };
    const nodeParse = () => {
      let parsed = 0;
      for (const line of file.toString("utf8").split("\n")) if (line) parsed += JSON.parse(line) ? 1 : 0;
      if (parsed !== MESSAGES + 1) throw new Error(`parsed ${parsed} lines`);
    };
    const cpu = { edge: [], bare: [], parse: [] };
    /** Wall ms per call of `fn`, recording CPU ms per call into `into` (process group or this process). */
    const timed = (iterations, fn, into, pgid) => async () => {
      const cpuBefore = pgid ? groupCpuMs(pgid) : process.cpuUsage();
      const ms = await perIteration(iterations, fn)();
      const used = pgid
        ? groupCpuMs(pgid) - cpuBefore
        : (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuBefore));
      into.push(used / iterations);
      return ms;
    };
    const runs = await interleave(
      [
        { name: "edge", run: timed(1, edgeImport, cpu.edge, dev.pid) },
        { name: "bare", run: timed(1, bareImport, cpu.bare, bare.pid) },
        { name: "parse", run: timed(5, nodeParse, cpu.parse) },
      ],
      { samples: SAMPLES, warmup: 1 },
    );
    for (const list of Object.values(cpu)) list.shift(); // the warm-up round
    const mb = (file.byteLength / (1024 * 1024)).toFixed(1);
    const edge = { label: "POST /api/v1/chats/import", values: runs.edge };
    console.log(
      ratioLine(
        `chats: import of ${MESSAGES} messages (${mb} MiB JSONL) vs JSON.parse line by line in Node`,
        edge,
        { label: "baseline: JSON.parse of every line in Node", values: runs.parse },
        "≤ 10",
        { digits: 1 },
      ),
    );
    console.log(
      ratioLine(
        `chats: import of ${MESSAGES} messages vs a bare Durable Object inserting the same rows`,
        edge,
        { label: "baseline: bare Durable Object (bench/baseline/worker.ts)", values: runs.bare },
        "≤ 1.1",
        { digits: 1 },
      ),
    );

    console.log(
      ratioLine(
        "  the same in CPU time per import vs JSON.parse (wrangler process group ÷ this process)",
        { label: "TavernEdge CPU ms per import", values: cpu.edge },
        { label: "JSON.parse CPU ms per pass", values: cpu.parse },
        "≤ 10",
        { digits: 1 },
      ),
    );
    console.log(
      ratioLine(
        "  the same in CPU time per import vs the bare Durable Object (both wrangler process groups)",
        { label: "TavernEdge CPU ms per import", values: cpu.edge },
        { label: "bare Durable Object CPU ms per import", values: cpu.bare },
        "≤ 1.1",
        { digits: 1 },
      ),
    );

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

    const line = (values, digits) => {
      const { median, min, max } = summary(values);
      return `median ${median.toFixed(digits)} ms (min ${min.toFixed(digits)}, max ${max.toFixed(digits)})`;
    };
    console.log(`chats: (reference) read last 50 of ${MESSAGES}: ${line(readMs, 1)}, ${READ_REPEATS} runs`);
    console.log(
      `chats: (reference) export ${MESSAGES} messages (${(exportedBytes / 1048576).toFixed(1)} MiB): ${line(exportMs, 0)}, ${EXPORT_REPEATS} runs`,
    );
  } finally {
    await Promise.all([dev.stop(), bare.stop({ removeState: true })]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
