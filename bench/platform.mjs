#!/usr/bin/env node
/**
 * Benchmark rows 5–6 of issue 31 against real `wrangler dev` processes on 127.0.0.1, each a ratio
 * against a baseline measured in the same run with interleaved samples (bench/lib/stats.mjs):
 * 5. Test call of server-everything's `echo` through `POST /api/v1/mcp/servers/:id/tools/echo/test-call`,
 *    against the official MCP client calling it directly from this process, a new client per call
 *    (connect + tools/call + close), as the contract's test call does.
 * 6. `GET /api/v1/mcp/servers` requests/s with 8 requests in flight (8 registrations, 4 with sealed
 *    headers), against a bare Hono route + Durable Object returning the same JSON from SQLite
 *    (bench/baseline/worker.ts), plus the CPU time per request of each wrangler process group
 *    (read from /proc on this side: inside workerd the clocks advance only on I/O).
 * Prints ratios with medians, min and max; never asserts timings. A few minutes on 2 shared cores.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createDevUser, devRequest as call, startWranglerDev } from "../scripts/dev-server.mjs";
import { startEverything } from "./lib/everything.mjs";
import { groupCpuMs } from "./lib/process-cpu.mjs";
import { interleave, perIteration, ratioLine } from "./lib/stats.mjs";

const SAMPLES = 9;
const CALLS_PER_SAMPLE = 5;
const LIST_REQUESTS = 160;
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
const [edge, bare] = await Promise.all([
  startWranglerDev(),
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
  const stored = await fetch(`${bare.url}/json/servers`, { method: "PUT", body: listJson });
  if (stored.status !== 204) throw new Error(`baseline PUT → ${stored.status}`);

  const calls = await interleave(
    [
      { name: "edge", run: perIteration(CALLS_PER_SAMPLE, testCall) },
      { name: "direct", run: perIteration(CALLS_PER_SAMPLE, (i) => directEcho(everything.url, i)) },
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

  const edgeCpu = [];
  const bareCpu = [];
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
    ],
    { samples: SAMPLES, warmup: 1 },
  );
  console.log(
    ratioLine(
      `GET /api/v1/mcp/servers requests/s, ${CONCURRENCY} in flight (${(listJson.length / 1024).toFixed(1)} KiB answer)`,
      { label: "TavernEdge (req/s)", values: lists.edge },
      { label: "baseline: bare Hono route + Durable Object returning the same JSON (req/s)", values: lists.bare },
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
} finally {
  clearTimeout(watchdog);
  await Promise.all([edge.stop({ removeState: true }), bare.stop({ removeState: true }), everything.close()]);
}
