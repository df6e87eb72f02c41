/**
 * Benchmark body for bench/tool-resolution.mjs (runs in workerd through the pool; prints, never asserts).
 * Seeds one user's Durable Object with 32 active registrations × 512 Allowed tools (16,384 tools)
 * and their catalog snapshots in SQLite, then times the cached-only resolver:
 * - warm memory: the memoized catalog service already holds every catalog;
 * - SQLite: a fresh catalog service per repetition (empty memory → SQLite read + validation);
 * - snapshot compile: `default-writer` (14 builtin + mcp:*) from warm memory, docs/spec/tool-system.md §4.2 aliases included.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:test";
import { it } from "vitest";
import type { UserSpace } from "../durable-objects/user-space";
import { SqlMcpCatalogStore } from "../src/adapters/storage/mcp-catalog-store";
import { SqlMcpRegistrationStore } from "../src/adapters/storage/mcp-registration-store";
import { McpCatalogService } from "../src/application/mcp/catalog-service";
import { DEFAULT_WRITER_TOOL_POLICY, prepareInvocationTools } from "../src/application/tools/invocation-tools";
import { ModelToolResolver } from "../src/application/tools/model-tool-resolver";
import { mcpCatalogServices, mcpGateway } from "../src/composition/mcp-catalog";
import { mcpRegistryServices } from "../src/composition/mcp-registry";
import { secretCipher } from "../src/composition/secrets";
import { createUser } from "../tests/integration/helpers";

const SERVERS = 32;
const TOOLS = 512;
const REPEATS = 9;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function uuid(i: number): string {
  const hex = i.toString(16).padStart(12, "0");
  return `0000beef-0000-4000-8000-${hex}`;
}

it("tool resolution: 32 servers × 512 tools", async () => {
  const user = await createUser();
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  const stub = namespace.get(namespace.idFromName(user.userId));
  await runInDurableObject(stub, async (instance: UserSpace) => {
    const space = instance.space();
    const registrations = new SqlMcpRegistrationStore(space.sql);
    const snapshots = new SqlMcpCatalogStore(space.storage);
    const cipher = secretCipher(space);
    const now = Date.now();
    for (let s = 0; s < SERVERS; s += 1) {
      const id = uuid(s);
      const endpoint = `https://server-${s}.bench.test/mcp`;
      const names = Array.from({ length: TOOLS }, (_, t) => `tool.${String(t).padStart(3, "0")}`);
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
    const registry = mcpRegistryServices(space);
    const total = SERVERS * TOOLS;
    const freshCatalogs = () =>
      new McpCatalogService({
        registry,
        snapshots,
        gateway: mcpGateway(space),
        cipher,
        clock: space.clock,
        sockets: space.sockets,
      });
    const time = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < REPEATS; i += 1) {
        const start = performance.now();
        await fn();
        samples.push(performance.now() - start);
      }
      return median(samples);
    };
    const warmResolver = new ModelToolResolver(registry, mcpCatalogServices(space));
    const check = await warmResolver.listPermitted();
    if (check.tools.length !== total)
      throw new Error(
        `expected ${total} tools, resolved ${check.tools.length}: ${JSON.stringify(check.diagnostics.slice(0, 3))}`,
      );
    const warm = await time(() => warmResolver.listPermitted());
    const sqlite = await time(() => new ModelToolResolver(registry, freshCatalogs()).listPermitted());
    const compile = await time(() => prepareInvocationTools(warmResolver, DEFAULT_WRITER_TOOL_POLICY, "inv_root"));
    const per1k = (ms: number) => (ms / (total / 1000)).toFixed(2);
    console.log(`tool-resolution: ${SERVERS} servers × ${TOOLS} tools = ${total} tools, median of ${REPEATS}`);
    console.log(`tool-resolution: warm memory  ${warm.toFixed(1)} ms total, ${per1k(warm)} ms per 1,000 tools`);
    console.log(`tool-resolution: from SQLite  ${sqlite.toFixed(1)} ms total, ${per1k(sqlite)} ms per 1,000 tools`);
    console.log(
      `tool-resolution: default-writer snapshot (warm, 14 builtin + mcp:*, docs/spec/tool-system.md §4.2 aliases)  ${compile.toFixed(1)} ms total, ${per1k(compile)} ms per 1,000 tools`,
    );
  });
});
