#!/usr/bin/env node
/**
 * Benchmark rows 5–6 of issue 31 against real `wrangler dev` processes on 127.0.0.1, each a ratio
 * against a baseline measured in the same run with interleaved samples (bench/lib/stats.mjs):
 * 5. Test call of server-everything's `echo` through `POST /api/v1/mcp/servers/:id/tools/echo/test-call`,
 *    against the official MCP client calling it directly from this process, a new client per call
 *    (connect + tools/call + close), as the contract's test call does (the row). A second
 *    row compares the same test call with the official client doing the same inside a bare Worker +
 *    Durable Object (`POST /mcp-call` of bench/baseline/worker.ts): the request into `wrangler dev`,
 *    the hop to the object and the client's four requests from workerd are the platform's floor,
 *    which the direct client never pays (docs/decisions/3400).
 * 6. `GET /api/v1/mcp/servers` requests/s with 8 requests in flight (8 registrations, 4 with sealed
 *    headers), against a bare Hono route + Durable Object returning the same JSON from SQLite
 *    (bench/baseline/worker.ts) deployed with TavernEdge's static-assets block
 *    (bench/baseline/wrangler.assets.toml: the platform's asset router in front of both), plus the
 *    CPU time per request of each wrangler process group (read from /proc on this side: inside
 *    workerd the clocks advance only on I/O). The same bare Worker without assets is printed too.
 * Every sample is the mean of several calls (the bench's own clock; nothing subtracted). Prints
 * ratios with medians, min and max; never asserts timings. A few minutes on 2 shared cores.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createDevUser, devRequest as call, startWranglerDev } from "../scripts/dev-server.mjs";
import { startEverything } from "./lib/everything.mjs";
import { groupCpuMs } from "./lib/process-cpu.mjs";
import { interleave, perIteration, ratioLine } from "./lib/stats.mjs";

const SAMPLES = 9;
const CALLS_PER_SAMPLE = 8;
const LIST_REQUESTS = 240;
const CONCURRENCY = 8;

const watchdog = setTimeout(() => {
  console.error("platform bench: gave up after 10 minutes");
  process.exit(1);
}, 10 * 60_000);

async function directEcho(url, i) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  const result = await client.callTool({ name: "echo", arguments: { message: `hi ${i}` } });
  await client.close();
  if (!JSON.stringify(result.content).includes(`hi ${i}`)) throw new Error("direct echo answered wrongly");
}

/** The official client inside the bare baseline's object (`POST /mcp-call`), a new client per call. */
async function bareEcho(bareUrl, endpoint, i) {
  const response = await fetch(`${bareUrl}/mcp-call`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ endpoint, name: "echo", arguments: { message: `hi ${i}` } }),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes(`hi ${i}`)) throw new Error(`bare echo → ${response.status}`);
}

/** `count` GETs of `url`, `CONCURRENCY` in flight; resolves {ms, cpuMs} of the whole batch. */
async function burst(url, headers, count, pgid) {
  let next = 0;
  const cpuBefore = groupCpuMs(pgid);
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} → ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms: performance.now() - started, cpuMs: groupCpuMs(pgid) - cpuBefore };
}

const everything = await startEverything();
const [edge, bare, plain] = await Promise.all([
  startWranglerDev(),
  startWranglerDev({ config: "bench/baseline/wrangler.assets.toml" }),
  startWranglerDev({ config: "bench/baseline/wrangler.toml" }),
]);
try {
  const { deviceToken: token } = await createDevUser(edge.url, "Bench");
  const server = await call(edge.url, "/api/v1/mcp/servers", token, {
    displayName: "Everything",
    endpoint: `${everything.url}/mcp`,
  });
  await call(edge.url, `/api/v1/mcp/servers/${server.id}/state`, token, { state: "active" });
  await call(edge.url, `/api/v1/mcp/servers/${server.id}/discover`, token, {});
  for (let i = 0; i < 7; i += 1)
    await call(edge.url, "/api/v1/mcp/servers", token, {
      displayName: `Server ${i}`,
      endpoint: `https://mcp-${i}.example.com/mcp`,
      ...(i % 2 === 0 ? { headers: { "X-Api-Key": `bench-key-${i}-0123456789` } } : {}),
    });
  const testCall = async (i) => {
    const outcome = await call(edge.url, `/api/v1/mcp/servers/${server.id}/tools/echo/test-call`, token, {
      argumentsJson: JSON.stringify({ message: `hi ${i}` }),
    });
    if (outcome.outcome !== "known_response" || !JSON.stringify(outcome.response).includes(`hi ${i}`))
      throw new Error(`test call answered ${JSON.stringify(outcome).slice(0, 300)}`);
  };
  const listJson = await (
    await fetch(`${edge.url}/api/v1/mcp/servers`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  if (JSON.parse(listJson).servers.length !== 8) throw new Error("expected 8 servers");
  for (const baseline of [bare, plain]) {
    const stored = await fetch(`${baseline.url}/json/servers`, { method: "PUT", body: listJson });
    if (stored.status !== 204) throw new Error(`baseline PUT → ${stored.status}`);
  }

  const calls = await interleave(
    [
      { name: "edge", run: perIteration(CALLS_PER_SAMPLE, testCall) },
      { name: "direct", run: perIteration(CALLS_PER_SAMPLE, (i) => directEcho(everything.url, i)) },
      { name: "bare", run: perIteration(CALLS_PER_SAMPLE, (i) => bareEcho(bare.url, `${everything.url}/mcp`, i)) },
    ],
    { samples: SAMPLES, warmup: 1 },
  );
  console.log(
    ratioLine(
      "test call of server-everything echo",
      { label: "POST …/tools/echo/test-call (ms per call)", values: calls.edge },
      { label: "baseline: official client calling it directly, new client per call", values: calls.direct },
      "≤ 1.10",
    ),
  );
  console.log(
    ratioLine(
      "  the same against the platform's floor",
      { label: "POST …/tools/echo/test-call (ms per call)", values: calls.edge },
      {
        label: "baseline: official client inside a bare Worker + Durable Object, new client per call",
        values: calls.bare,
      },
      "(the floor: 1.00)",
    ),
  );

  const edgeCpu = [];
  const bareCpu = [];
  const plainCpu = [];
  const lists = await interleave(
    [
      {
        name: "edge",
        run: async () => {
          const r = await burst(
            `${edge.url}/api/v1/mcp/servers`,
            { authorization: `Bearer ${token}` },
            LIST_REQUESTS,
            edge.pid,
          );
          edgeCpu.push(r.cpuMs / LIST_REQUESTS);
          return (LIST_REQUESTS / r.ms) * 1000;
        },
      },
      {
        name: "bare",
        run: async () => {
          const r = await burst(`${bare.url}/json/servers`, {}, LIST_REQUESTS, bare.pid);
          bareCpu.push(r.cpuMs / LIST_REQUESTS);
          return (LIST_REQUESTS / r.ms) * 1000;
        },
      },
      {
        name: "plain",
        run: async () => {
          const r = await burst(`${plain.url}/json/servers`, {}, LIST_REQUESTS, plain.pid);
          plainCpu.push(r.cpuMs / LIST_REQUESTS);
          return (LIST_REQUESTS / r.ms) * 1000;
        },
      },
    ],
    { samples: SAMPLES, warmup: 1 },
  );
  console.log(
    ratioLine(
      `GET /api/v1/mcp/servers requests/s, ${CONCURRENCY} in flight (${(listJson.length / 1024).toFixed(1)} KiB answer)`,
      { label: "TavernEdge (req/s)", values: lists.edge },
      {
        label: "baseline: bare Hono route + Durable Object returning the same JSON, same assets block (req/s)",
        values: lists.bare,
      },
      "≥ 0.95",
      { unit: "req/s", digits: 0 },
    ),
  );
  // The first sample of each is the warm-up; CPU is per request, lower is better, so the ratio is bare ÷ edge.
  console.log(
    ratioLine(
      "  the same in CPU time per request (ratio = bare ÷ TavernEdge, as req/s per CPU)",
      { label: "bare CPU ms per request", values: bareCpu.slice(1) },
      { label: "TavernEdge CPU ms per request", values: edgeCpu.slice(1) },
      "≥ 0.95",
    ),
  );
  console.log(
    ratioLine(
      "  for reference: against the bare Worker without assets (the platform's asset router then counts against TavernEdge)",
      { label: "TavernEdge (req/s)", values: lists.edge },
      { label: "bare Worker without assets (req/s)", values: lists.plain },
      "–",
      { unit: "req/s", digits: 0 },
    ),
  );
  console.log(
    ratioLine(
      "  … in CPU time per request (bare without assets ÷ TavernEdge)",
      { label: "bare without assets CPU ms per request", values: plainCpu.slice(1) },
      { label: "TavernEdge CPU ms per request", values: edgeCpu.slice(1) },
      "–",
    ),
  );
} finally {
  clearTimeout(watchdog);
  await Promise.all([
    edge.stop({ removeState: true }),
    bare.stop({ removeState: true }),
    plain.stop({ removeState: true }),
    everything.close(),
  ]);
}
