/**
 * McpRegistryService over an in-memory repository (Node): deployed warnings (development=false),
 * catalog invalidation order, sealing before writing, revisions and import atomicity.
 */
import { describe, expect, it } from "vitest";
import { AsyncMutex } from "../../../durable-objects/mutex";
import { SecretBox } from "../../../src/adapters/crypto/secret-box";
import { McpRegistryService } from "../../../src/application/mcp/registry-service";
import type {
  McpRegistrationRepository,
  RegistrationLoad,
  StoredRegistration,
} from "../../../src/ports/mcp-registration-repository";
import type { ServerFrame } from "../../../src/ports/space";

const KEY = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => i + 7)));

class MemoryRepo implements McpRegistrationRepository {
  rows = new Map<string, StoredRegistration>();
  log: string[] = [];
  scan() {
    return { records: [...this.rows.values()].map((r) => structuredClone(r)), issues: [] };
  }
  load(id: string): RegistrationLoad {
    const record = this.rows.get(id);
    return record ? { status: "found", record: structuredClone(record) } : { status: "missing" };
  }
  insert(record: StoredRegistration) {
    this.log.push(`insert:${record.id}`);
    this.rows.set(record.id, structuredClone(record));
  }
  replace(record: StoredRegistration, expected: number) {
    if (this.rows.get(record.id)?.revision !== expected) return false;
    this.log.push(`replace:${record.id}:${record.revision}`);
    this.rows.set(record.id, structuredClone(record));
    return true;
  }
  remove(id: string) {
    this.log.push(`remove:${id}`);
    return this.rows.delete(id);
  }
  deleteCatalogSnapshot(id: string) {
    this.log.push(`deleteSnapshot:${id}`);
  }
}

function setup(options: { development?: boolean; key?: string | undefined } = {}) {
  const repo = new MemoryRepo();
  const frames: ServerFrame[] = [];
  const service = new McpRegistryService({
    repo,
    cipher: new SecretBox("key" in options ? options.key : KEY),
    clock: { now: () => 1_700_000_000_000 },
    sockets: { broadcast: (frame) => frames.push(frame), publish: () => {}, closeDevice: () => {} },
    mutex: new AsyncMutex(),
    development: options.development ?? true,
  });
  return { repo, frames, service };
}

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? "non-app-error";
  }
}

describe("McpRegistryService", () => {
  it("deployed (development=false): loopback/private endpoints get mcp.endpoint_unreachable_when_deployed on create and activate", async () => {
    const { service } = setup({ development: false });
    const local = await service.create({ displayName: "Local", endpoint: "http://127.0.0.1:3000/mcp" });
    expect(local.state).toBe("paused");
    expect(local.warnings).toEqual([
      { code: "mcp.endpoint_unreachable_when_deployed", message: expect.stringContaining("127.0.0.1") },
    ]);
    const activated = await service.setState(local.id, "active");
    expect(activated.warnings?.[0]?.code).toBe("mcp.endpoint_unreachable_when_deployed");
    expect((await service.setState(local.id, "paused")).warnings).toBeUndefined();
    const lan = await service.create({ displayName: "NAS", endpoint: "https://nas.local/mcp" });
    expect(lan.warnings?.[0]?.code).toBe("mcp.endpoint_unreachable_when_deployed");
    const pub = await service.create({ displayName: "Public", endpoint: "https://mcp.example.com/mcp" });
    expect(pub.warnings).toBeUndefined();
    const moved = await service.update(pub.id, {
      displayName: "Public",
      endpoint: "http://192.168.1.5/mcp",
      headers: {},
      protocolVersion: "auto",
    });
    expect(moved.warnings?.[0]?.code).toBe("mcp.endpoint_unreachable_when_deployed");
    expect((await service.list()).servers.every((server) => server.warnings === undefined)).toBe(true);
  });

  it("under wrangler dev (development=true) the same endpoint has no warning", async () => {
    const { service } = setup({ development: true });
    const local = await service.create({ displayName: "Local", endpoint: "http://127.0.0.1:3000/mcp" });
    expect(local.warnings).toBeUndefined();
    expect((await service.setState(local.id, "active")).warnings).toBeUndefined();
  });

  it("stores secrets sealed and returns them in clear to the owner", async () => {
    const { service, repo } = setup();
    const server = await service.create({
      displayName: "S",
      endpoint: "https://alice:pw-123@host.example/mcp",
      headers: { Authorization: "Bearer tok-456" },
    });
    expect(server.endpoint).toBe("https://alice:pw-123@host.example/mcp");
    expect(server.headers).toEqual({ Authorization: "Bearer tok-456" });
    const stored = JSON.stringify([...repo.rows.values()]);
    expect(stored).not.toContain("pw-123");
    expect(stored).not.toContain("tok-456");
    const opened = await service.loadForConnection(server.id);
    expect(opened).toMatchObject({
      endpoint: "https://alice:pw-123@host.example/mcp",
      headers: { Authorization: "Bearer tok-456" },
      state: "paused",
      revision: 1,
    });
    expect(service.summaries().registrations[0]).not.toHaveProperty("headers");
  });

  it("without a DATA_KEY: secrets.key_unavailable and nothing written; secret-free servers still save", async () => {
    const { service, repo } = setup({ key: undefined });
    expect(
      await codeOf(service.create({ displayName: "S", endpoint: "https://h.example/", headers: { A: "b" } })),
    ).toBe("secrets.key_unavailable");
    expect(await codeOf(service.create({ displayName: "S", endpoint: "https://u:p@h.example/" }))).toBe(
      "secrets.key_unavailable",
    );
    expect(
      await codeOf(
        service.importJson(
          JSON.stringify({
            mcpServers: { a: { url: "https://a.example/" }, b: { url: "https://b.example/", headers: { X: "y" } } },
          }),
        ),
      ),
    ).toBe("secrets.key_unavailable");
    expect(repo.rows.size).toBe(0);
    await service.create({ displayName: "Plain", endpoint: "https://h.example/" });
    expect(repo.rows.size).toBe(1);
  });

  it("a connection change deletes the snapshot and notifies listeners before saving; a name-only change does not", async () => {
    const { service, repo } = setup();
    const invalidated: string[] = [];
    service.onCatalogInvalidated((id) => invalidated.push(id));
    const server = await service.create({ displayName: "S", endpoint: "https://h.example/mcp", headers: { A: "1" } });
    const base = { displayName: "S", endpoint: "https://h.example/mcp", headers: { A: "1" }, protocolVersion: "auto" };
    repo.log = [];
    await service.update(server.id, { ...base, displayName: "Renamed" });
    expect(repo.log).toEqual([`replace:${server.id}:2`]);
    for (const change of [
      { endpoint: "https://h.example/other" },
      { headers: { A: "2" } },
      { protocolVersion: "2025-06-18" },
    ]) {
      repo.log = [];
      await service.update(server.id, { ...base, ...change });
      expect(repo.log[0]).toBe(`deleteSnapshot:${server.id}`);
      expect(repo.log[1]).toMatch(/^replace:/);
    }
    expect(invalidated).toEqual([server.id, server.id, server.id]);
    repo.log = [];
    await service.setPermission(server.id, "search", "allow");
    await service.setState(server.id, "active");
    await service.setDescriptionOverride(server.id, "search", { description: "d" });
    expect(repo.log.some((entry) => entry.startsWith("deleteSnapshot"))).toBe(false);
  });

  it("revision: every change +1; a stale ifRevision is mcp.registration_conflict with details.current and changes nothing", async () => {
    const { service, frames } = setup();
    const server = await service.create({ displayName: "S", endpoint: "https://h.example/" });
    const changed = await service.setPermission(server.id, "search", "ask", 1);
    expect(changed.revision).toBe(2);
    const error = await service.setPermission(server.id, "search", "allow", 1).catch((e) => e);
    expect(error.code).toBe("mcp.registration_conflict");
    expect(error.details.current).toMatchObject({ id: server.id, revision: 2, toolPermissions: { search: "ask" } });
    expect((await service.get(server.id)).toolPermissions).toEqual({ search: "ask" });
    expect(await codeOf(service.remove(server.id, 1))).toBe("mcp.registration_conflict");
    expect(await service.remove(server.id, 2)).toEqual({ registrationId: server.id, revision: 3 });
    expect(frames.map((f) => f.type)).toEqual(["mcp.server_changed", "mcp.server_changed", "mcp.server_removed"]);
    expect(await codeOf(service.get(server.id))).toBe("mcp.registration_not_found");
  });

  it("import: several HTTP servers, skipped stdio/sse entries, per-entry validation codes", async () => {
    const { service } = setup();
    const result = await service.importJson(
      JSON.stringify({
        mcpServers: {
          one: { url: "https://one.example/mcp", headers: { Authorization: "Bearer x" } },
          two: { type: "Streamable-HTTP", serverUrl: "https://two.example/mcp" },
          local: { command: "npx", args: ["server"] },
          legacy: { type: "SSE", url: "https://old.example/sse" },
          bad: { url: "ftp://nope.example/" },
          chinese: { url: "https://cn.example/mcp", headers: { "X-Key": "密钥-secret" } },
          nourl: { headers: {} },
        },
      }),
    );
    expect(result.servers.map((s) => [s.displayName, s.state, s.endpoint])).toEqual([
      ["one", "paused", "https://one.example/mcp"],
      ["two", "paused", "https://two.example/mcp"],
    ]);
    expect(result.skipped.map((s) => [s.name, s.code])).toEqual([
      ["local", "mcp.import_transport_stdio"],
      ["legacy", "mcp.import_transport_sse"],
      ["nourl", "mcp.import_url_missing"],
      ["bad", "mcp.endpoint_scheme_invalid"],
      ["chinese", "mcp.header_value_non_ascii"],
    ]);
    const chinese = result.skipped.find((s) => s.name === "chinese");
    expect(chinese?.details).toEqual({ header: "X-Key" });
    expect(chinese?.message).toContain("non-ASCII");
    expect(JSON.stringify(chinese)).not.toContain("secret");
    const single = await service.importJson(JSON.stringify({ url: "https://solo.example/mcp" }));
    expect(single.servers[0]?.displayName).toBe("solo.example");
    const error = await service.importJson('{"mcpServers": {"a": {"url": "https://secret@x"},}}').catch((e) => e);
    expect(error.code).toBe("mcp.import_json_invalid");
    expect(error.message).toContain("position");
    expect(error.message).not.toContain("secret");
    expect(await codeOf(service.importJson("[1, 2]"))).toBe("mcp.import_document_invalid");
    expect(await codeOf(service.importJson('{"hello": 1}'))).toBe("mcp.import_document_invalid");
  });
});
