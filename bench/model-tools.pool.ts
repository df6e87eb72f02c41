/**
 * Benchmark body for bench/model-tools.mjs (runs in workerd through the pool; prints, never asserts).
 * Rows 1 and 2 of issue 31, each a ratio against a baseline measured in the same run, samples
 * interleaved (bench/lib/stats.mjs):
 * 1. "What the model sees": `GET /api/v1/mcp/model-tools` through the Worker (auth, the hop to the
 *    user's Durable Object, resolution, serialization, the whole answer read) for 32 active servers ×
 *    512 Allowed tools, against re-listing the same 32 servers over loopback with the official MCP
 *    client, a new client per server (connect + tools/list + close; bench/lib/tools-server.mjs).
 * 2. Preparing an agent turn's tools: `GET /api/v1/mcp/model-tools?profileId=bench-64` (the
 *    snapshot the profile's next run gets) for a profile selecting 64 MCP tools, with 32 × 512
 *    tools cached against the same profile with only 1 × 64 cached (another user).
 * Times are wall time read from this test's clock after the I/O ends; the local clock ticks in
 * whole ms, so every sample is the mean of several sequential calls.
 */
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { it } from "vitest";
import type { UserSpace } from "../durable-objects/user-space";
import { SqlMcpCatalogStore as McpCatalogStore } from "../src/adapters/storage/mcp-catalog-store";
import { SqlMcpRegistrationStore as McpRegistrationStore } from "../src/adapters/storage/mcp-registration-store";
import { secretCipher } from "../src/composition/secrets";
import { createUser } from "../tests/integration/helpers";
import { interleave, perIteration, ratioLine } from "./lib/stats.mjs";

const SERVERS = 32;
const TOOLS = 512;
const SELECTED = 64;
const SAMPLES = 7;

function uuid(i: number): string {
  return `0000beef-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;
}
const toolName = (t: number) => `tool.${String(t).padStart(3, "0")}`;

/** Seeds `servers` active registrations × `tools` Allowed tools with cached catalogs (as discovery would). */
async function seed(userId: string, servers: number, tools: number): Promise<void> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  await runInDurableObject(namespace.get(namespace.idFromName(userId)), async (instance: UserSpace) => {
    const space = instance.space();
    const registrations = new McpRegistrationStore(space.sql);
    const snapshots = new McpCatalogStore(space.storage);
    const cipher = secretCipher(space);
    const now = Date.now();
    for (let s = 0; s < servers; s += 1) {
      const id = uuid(s);
      const endpoint = `https://server-${s}.bench.test/mcp`;
      const names = Array.from({ length: tools }, (_, t) => toolName(t));
      registrations.insert({
        id,
        displayName: `Bench server ${s}`,
        endpoint,
        sealedUserinfo: null,
        sealedHeaders: null,
        protocolVersion: "auto",
        state: "active",
        toolPermissions: Object.fromEntries(names.map((name) => [name, "allow" as const])),
        toolDescriptionOverrides: {},
        revision: 1,
        createdAt: now,
        updatedAt: now,
      });
      snapshots.write({
        registrationId: id,
        endpointDigest: await cipher.digest(endpoint),
        fetchedAt: now,
        catalog: {
          protocolVersion: "2025-11-25",
          serverName: `bench-${s}`,
          serverVersion: "1.0.0",
          diagnostics: [],
          tools: names.map((nativeName) => ({
            nativeName,
            title: null,
            description: `Does ${nativeName} for the benchmark.`,
            outputSchema: null,
            annotations: { readOnly: true },
            inputSchema: {
              type: "object",
              properties: { query: { type: "string", description: "What to look for." }, limit: { type: "integer" } },
              required: ["query"],
            },
          })),
        },
      });
    }
  });
}

async function get(token: string, path: string): Promise<string> {
  const response = await SELF.fetch(`https://edge.test${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} → ${response.status} ${text.slice(0, 300)}`);
  return text;
}

/** Saves profile `bench-64`: default-writer's builtin tools + the given MCP ToolIds instead of `mcp:*`. */
async function saveProfile(token: string, toolIds: string[]): Promise<void> {
  const { profile } = JSON.parse(await get(token, "/api/v1/agent/profiles/default-writer"));
  const doc = { ...profile, id: "bench-64", displayName: "Bench 64" };
  delete doc.description;
  doc.tools = { ...doc.tools, allow: [...doc.tools.allow.filter((entry: string) => entry !== "mcp:*"), ...toolIds] };
  const response = await SELF.fetch("https://edge.test/api/v1/agent/profiles", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ profile: doc }),
  });
  if (response.status !== 200) throw new Error(`profile save → ${response.status} ${await response.text()}`);
}

/** Lists one server with a new official client (connect + tools/list + close); returns the tool count. */
async function relist(url: string): Promise<number> {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  await client.close();
  return tools.length;
}

it("model tools: 32 servers × 512 tools, and a 64-tool profile with 32 × 512 / 1 × 64 cached", async () => {
  const mcpUrl = (env as unknown as { BENCH_MCP_URL: string }).BENCH_MCP_URL;
  if (!mcpUrl) throw new Error("BENCH_MCP_URL is not set (run through bench/model-tools.mjs)");
  const big = await createUser();
  const small = await createUser();
  await seed(big.userId, SERVERS, TOOLS);
  await seed(small.userId, 1, SELECTED);
  await saveProfile(
    big.deviceToken,
    Array.from({ length: SELECTED }, (_, i) => `mcp/${uuid(i % SERVERS)}:${toolName(Math.floor(i / SERVERS) * 7)}`),
  );
  await saveProfile(
    small.deviceToken,
    Array.from({ length: SELECTED }, (_, i) => `mcp/${uuid(0)}:${toolName(i)}`),
  );

  const sees = JSON.parse(await get(big.deviceToken, "/api/v1/mcp/model-tools"));
  if (sees.tools.length !== SERVERS * TOOLS) throw new Error(`model-tools answered ${sees.tools.length} tools`);
  const bytes = (await get(big.deviceToken, "/api/v1/mcp/model-tools")).length;
  for (const token of [big.deviceToken, small.deviceToken]) {
    const turn = JSON.parse(await get(token, "/api/v1/mcp/model-tools?profileId=bench-64"));
    const mcp = turn.tools.filter((tool: { toolId: string }) => tool.toolId.startsWith("mcp/"));
    if (mcp.length !== SELECTED || turn.diagnostics.length !== 0)
      throw new Error(`profile bench-64 bound ${mcp.length} MCP tools: ${JSON.stringify(turn.diagnostics[0])}`);
  }
  if ((await relist(`${mcpUrl}/mcp/0`)) !== TOOLS) throw new Error("the baseline server did not list 512 tools");

  const results = await interleave(
    [
      { name: "sees", run: perIteration(2, () => get(big.deviceToken, "/api/v1/mcp/model-tools")) },
      {
        name: "relist",
        run: perIteration(1, async () => {
          for (let s = 0; s < SERVERS; s += 1) await relist(`${mcpUrl}/mcp/${s}`);
        }),
      },
      {
        name: "turnBig",
        run: perIteration(20, () => get(big.deviceToken, "/api/v1/mcp/model-tools?profileId=bench-64")),
      },
      {
        name: "turnSmall",
        run: perIteration(20, () => get(small.deviceToken, "/api/v1/mcp/model-tools?profileId=bench-64")),
      },
    ],
    { samples: SAMPLES, warmup: 1 },
  );
  const print = (text: string) => {
    for (const line of text.split("\n")) console.log(`model-tools: ${line}`);
  };
  print(
    ratioLine(
      `"what the model sees", ${SERVERS} servers × ${TOOLS} tools all Allowed (${(bytes / 1048576).toFixed(1)} MiB answer)`,
      { label: "GET /api/v1/mcp/model-tools", values: results.sees! },
      {
        label: `baseline: official client re-listing the ${SERVERS} servers over loopback, new client each`,
        values: results.relist!,
      },
      "≤ 0.25",
    ),
  );
  print(
    ratioLine(
      `agent turn tools for a profile selecting ${SELECTED} tools, ${SERVERS} × ${TOOLS} cached vs 1 × ${SELECTED} cached`,
      { label: `GET /mcp/model-tools?profileId=bench-64 with ${SERVERS} × ${TOOLS} cached`, values: results.turnBig! },
      { label: `baseline: the same with 1 × ${SELECTED} cached`, values: results.turnSmall! },
      "≤ 1.2",
    ),
  );
});
