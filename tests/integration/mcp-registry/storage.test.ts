/**
 * Registration storage (docs/spec/mcp-platform.md §7; docs/spec/hosted.md §4): sealed secrets in raw rows,
 * storage issues for bad rows, rows sealed under another key, catalog snapshot deletion, and the
 * deployed-unreachable warning with a service built as deployed.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SecretBox } from "../../../src/adapters/crypto/secret-box";
import { SqlMcpRegistrationStore } from "../../../src/adapters/storage/mcp-registration-store";
import { McpRegistryService } from "../../../src/application/mcp/registry-service";
import { hotRows } from "../../../src/composition/hot-rows";
import type { UserSpace } from "../../../durable-objects/user-space";
import { apiJson, createUser } from "../helpers";
import { createServer, rawRows, spaceStub } from "./registry-helpers";

const OTHER_KEY = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => 200 - i)));

describe("MCP registration storage", () => {
  it("raw rows hold no plaintext header value or userinfo password", async () => {
    const user = await createUser();
    const server = await createServer(user.deviceToken, {
      displayName: "Secretive",
      endpoint: "https://alice:pa55-w0rd-XYZ@secure.example/mcp?tenant=7",
      headers: { Authorization: "Bearer sk-live-4f9a8b", "X-Team": "team-value-77" },
    });
    expect(server.endpoint).toBe("https://alice:pa55-w0rd-XYZ@secure.example/mcp?tenant=7");
    const rows = await rawRows(user.userId, "SELECT * FROM te_mcp_registrations");
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows);
    for (const secret of ["pa55-w0rd-XYZ", "sk-live-4f9a8b", "team-value-77", "alice:"])
      expect(raw).not.toContain(secret);
    const document = JSON.parse(String(rows[0]!.document));
    expect(document).toMatchObject({
      schemaVersion: 1,
      kind: "tavernedge.mcpServerRegistration",
      id: server.id,
      endpoint: "https://secure.example/mcp?tenant=7",
      state: "paused",
      sealedUserinfo: { kid: expect.any(String), iv: expect.any(String), ct: expect.any(String) },
      sealedHeaders: { kid: expect.any(String), iv: expect.any(String), ct: expect.any(String) },
    });
    expect(rows[0]!.revision).toBe(1);
    const listed = await apiJson("/api/v1/mcp/servers", { token: user.deviceToken });
    expect(listed.servers[0].headers).toEqual({ Authorization: "Bearer sk-live-4f9a8b", "X-Team": "team-value-77" });
    expect(listed.servers[0].endpoint).toBe(server.endpoint);
  });

  it("corrupt rows are storage issues while healthy registrations still list; a corrupt row can be deleted", async () => {
    const user = await createUser();
    const healthy = await createServer(user.deviceToken, { displayName: "Healthy", endpoint: "https://ok.example/" });
    const good = JSON.parse(
      String((await rawRows(user.userId, "SELECT document FROM te_mcp_registrations"))[0]!.document),
    );
    const ids = Array.from({ length: 7 }, () => crypto.randomUUID());
    const bad: Array<[string, string, string]> = [
      [ids[0]!, "{not json", "mcp.registration_document_invalid"],
      [ids[1]!, JSON.stringify({ ...good, id: ids[1], schemaVersion: 2 }), "mcp.registration_schema_unsupported"],
      [ids[2]!, JSON.stringify({ ...good, id: ids[2], kind: "something.else" }), "mcp.registration_kind_invalid"],
      [ids[3]!, JSON.stringify({ ...good, id: ids[3], surprise: true }), "mcp.registration_document_invalid"],
      [ids[4]!, JSON.stringify({ ...good, id: ids[0] }), "mcp.registration_id_mismatch"],
      [
        ids[5]!,
        JSON.stringify({ ...good, id: ids[5], toolPermissions: { search: "off" } }),
        "mcp.permission_off_not_persisted",
      ],
      [ids[6]!, JSON.stringify({ ...good, id: ids[6], endpoint: "ftp://x.example/" }), "mcp.endpoint_scheme_invalid"],
      ["NOT-A-UUID", JSON.stringify({ ...good, id: "NOT-A-UUID" }), "mcp.registration_id_invalid"],
    ];
    for (const [id, document] of bad) {
      await rawRows(
        user.userId,
        "INSERT INTO te_mcp_registrations(id, document, revision, created_at, updated_at) VALUES(?, ?, 1, ?, ?)",
        id,
        document,
        Date.now(),
        Date.now(),
      );
    }
    const listed = await apiJson("/api/v1/mcp/servers", { token: user.deviceToken, expectStatus: 200 });
    expect(listed.servers.map((s: any) => s.id)).toEqual([healthy.id]);
    const issues = new Map(listed.storageIssues.map((issue: any) => [issue.fileName, issue]));
    for (const [id, , code] of bad)
      expect(issues.get(id), id).toMatchObject({ fileName: id, code, message: expect.any(String) });
    expect(issues.get(ids[0]!)).toHaveProperty("registrationId", ids[0]);
    expect(issues.get("NOT-A-UUID")).not.toHaveProperty("registrationId");

    const blocked = await apiJson(`/api/v1/mcp/servers/${ids[2]}/state`, {
      token: user.deviceToken,
      body: { state: "active" },
      expectStatus: 400,
    });
    expect(blocked.error).toMatchObject({
      code: "mcp.registration_storage_issue",
      details: { storageCode: "mcp.registration_kind_invalid" },
    });
    await apiJson(`/api/v1/mcp/servers/${ids[2]}`, { method: "DELETE", token: user.deviceToken, expectStatus: 200 });
    const after = await apiJson("/api/v1/mcp/servers", { token: user.deviceToken });
    expect(after.storageIssues.map((issue: any) => issue.fileName)).not.toContain(ids[2]);
  });

  it("a row sealed under another DATA_KEY lists with headersUnavailable and a secrets.key_mismatch issue; re-entering the secrets repairs it", async () => {
    const user = await createUser();
    await createServer(user.deviceToken, {
      displayName: "Fine",
      endpoint: "https://fine.example/",
      headers: { A: "fine" },
    });
    const foreignId = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace) => {
      const space = instance.space();
      const foreign = new McpRegistryService({
        repo: new SqlMcpRegistrationStore(space.sql),
        cipher: new SecretBox(OTHER_KEY),
        clock: space.clock,
        sockets: space.sockets,
        mutex: space.mutex,
        development: true,
      });
      return (
        await foreign.create({
          displayName: "Foreign",
          endpoint: "https://bob:hunter2@foreign.example/mcp",
          headers: { Authorization: "Bearer foreign-secret" },
        })
      ).id;
    });
    const listed = await apiJson("/api/v1/mcp/servers", { token: user.deviceToken, expectStatus: 200 });
    expect(listed.servers).toHaveLength(2);
    const foreign = listed.servers.find((s: any) => s.id === foreignId);
    expect(foreign).toMatchObject({
      displayName: "Foreign",
      headersUnavailable: true,
      headers: {},
      endpoint: "https://foreign.example/mcp",
    });
    expect(listed.servers.find((s: any) => s.id !== foreignId)).not.toHaveProperty("headersUnavailable");
    expect(listed.storageIssues).toEqual([
      { registrationId: foreignId, fileName: foreignId, code: "secrets.key_mismatch", message: expect.any(String) },
    ]);
    expect(JSON.stringify(listed)).not.toContain("foreign-secret");

    const permitted = await apiJson(`/api/v1/mcp/servers/${foreignId}/tools/search/permission`, {
      method: "PUT",
      token: user.deviceToken,
      body: { permission: "ask" },
      expectStatus: 200,
    });
    expect(permitted).toMatchObject({ headersUnavailable: true, toolPermissions: { search: "ask" } });
    const repaired = await apiJson(`/api/v1/mcp/servers/${foreignId}`, {
      method: "PUT",
      token: user.deviceToken,
      expectStatus: 200,
      body: {
        displayName: "Foreign",
        endpoint: "https://bob:hunter3@foreign.example/mcp",
        headers: { Authorization: "Bearer new" },
        protocolVersion: "auto",
      },
    });
    expect(repaired).toMatchObject({
      headers: { Authorization: "Bearer new" },
      endpoint: "https://bob:hunter3@foreign.example/mcp",
      toolPermissions: { search: "ask" },
    });
    expect(repaired).not.toHaveProperty("headersUnavailable");
    expect((await apiJson("/api/v1/mcp/servers", { token: user.deviceToken })).storageIssues).toEqual([]);
  });

  it("a connection change deletes the catalog snapshot; name, state, permission and override changes keep it; delete removes it", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const server = await createServer(token, {
      displayName: "Cat",
      endpoint: "https://cat.example/mcp",
      headers: { A: "1" },
    });
    const seed = () =>
      rawRows(
        user.userId,
        "INSERT OR REPLACE INTO te_mcp_catalogs(registration_id, document, tool_count, fetched_at, client_state) VALUES(?, '{}', 1, 1, NULL)",
        server.id,
      ).then(() =>
        rawRows(
          user.userId,
          "INSERT OR REPLACE INTO te_mcp_catalog_tools(registration_id, position, native_name, document) VALUES(?, 0, 'search', '{}')",
          server.id,
        ),
      );
    const count = async () =>
      Number(
        (
          await rawRows(
            user.userId,
            "SELECT (SELECT COUNT(*) FROM te_mcp_catalogs WHERE registration_id = ?1) + (SELECT COUNT(*) FROM te_mcp_catalog_tools WHERE registration_id = ?1) AS n",
            server.id,
          )
        )[0]!.n,
      );
    const base = {
      displayName: "Cat",
      endpoint: "https://cat.example/mcp",
      headers: { A: "1" },
      protocolVersion: "auto",
    };
    await seed();
    expect(await count()).toBe(2);
    await apiJson(`/api/v1/mcp/servers/${server.id}`, {
      method: "PUT",
      token,
      body: { ...base, displayName: "Renamed" },
      expectStatus: 200,
    });
    await apiJson(`/api/v1/mcp/servers/${server.id}/state`, { token, body: { state: "active" }, expectStatus: 200 });
    await apiJson(`/api/v1/mcp/servers/${server.id}/tools/search/permission`, {
      method: "PUT",
      token,
      body: { permission: "allow" },
      expectStatus: 200,
    });
    await apiJson(`/api/v1/mcp/servers/${server.id}/tools/search/description-override`, {
      method: "PUT",
      token,
      body: { override: { description: "d" } },
      expectStatus: 200,
    });
    expect(await count()).toBe(2);
    for (const change of [
      { endpoint: "https://cat.example/v2" },
      { headers: { A: "2" } },
      { protocolVersion: "2025-11-25" },
    ]) {
      await seed();
      await apiJson(`/api/v1/mcp/servers/${server.id}`, {
        method: "PUT",
        token,
        body: { ...base, ...change },
        expectStatus: 200,
      });
      expect(await count(), JSON.stringify(change)).toBe(0);
    }
    await seed();
    await apiJson(`/api/v1/mcp/servers/${server.id}`, { method: "DELETE", token, expectStatus: 200 });
    expect(await count()).toBe(0);
  });

  it("deployed (development=false): adding a loopback endpoint returns mcp.endpoint_unreachable_when_deployed", async () => {
    const user = await createUser();
    const result = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace) => {
      const space = instance.space();
      const deployed = new McpRegistryService({
        repo: new SqlMcpRegistrationStore(space.sql),
        cipher: new SecretBox(space.secrets.dataKey),
        clock: space.clock,
        sockets: space.sockets,
        mutex: space.mutex,
        development: false,
      });
      const local = await deployed.create({ displayName: "Local", endpoint: "http://localhost:8787/mcp" });
      const pub = await deployed.create({ displayName: "Public", endpoint: "https://public.example/mcp" });
      return {
        local: local.warnings,
        pub: pub.warnings ?? null,
        activated: (await deployed.setState(local.id, "active")).warnings,
      };
    });
    expect(result.local).toEqual([{ code: "mcp.endpoint_unreachable_when_deployed", message: expect.any(String) }]);
    expect(result.activated?.[0]?.code).toBe("mcp.endpoint_unreachable_when_deployed");
    expect(result.pub).toBeNull();
  });

  it("a scan answered from the section's memory still sees this store's writes, and a later section sees every write", async () => {
    const user = await createUser();
    const first = await createServer(user.deviceToken, { displayName: "First", endpoint: "https://first.example/" });
    const result = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace) => {
      const sql = instance.space().sql;
      const store = new SqlMcpRegistrationStore(sql);
      const other = new SqlMcpRegistrationStore(sql);
      const names = () => store.scan().records.map((record) => record.displayName);
      const before = names();
      const record = store.scan().records[0]!;
      // A write through this store in the same section is seen at once.
      store.replace({ ...record, displayName: "Renamed", revision: record.revision + 1 }, record.revision);
      const afterOwnWrite = names();
      other.insert({ ...record, id: crypto.randomUUID(), displayName: "Other", revision: 1 });
      await Promise.resolve();
      // A new section reads the table again: another store's write is there.
      const nextSection = names();
      return { before, afterOwnWrite, nextSection };
    });
    expect(result.before).toEqual([first.displayName]);
    expect(result.afterOwnWrite).toEqual(["Renamed"]);
    expect([...result.nextSection].sort()).toEqual(["Other", "Renamed"]);
  });

  it("a row rewritten by any writer gets a new content stamp, and the next scan decodes the new content", async () => {
    const user = await createUser();
    const server = await createServer(user.deviceToken, { displayName: "Stamped", endpoint: "https://stamp.example/" });
    const result = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace) => {
      const space = instance.space();
      const store = new SqlMcpRegistrationStore(space.sql, hotRows(space));
      const stamp = () =>
        Number(
          space.sql.exec("SELECT content_stamp FROM te_mcp_registrations WHERE id = ?", server.id).one().content_stamp,
        );
      const first = store.scan().records[0]!;
      const stampBefore = stamp();
      const again = store.scan().records[0]!;
      // A raw rewrite of the document alone (same revision and times), as a restore or repair could.
      const document = JSON.parse(
        String(space.sql.exec("SELECT document FROM te_mcp_registrations WHERE id = ?", server.id).one().document),
      );
      space.sql.exec(
        "UPDATE te_mcp_registrations SET document = ? WHERE id = ?",
        JSON.stringify({ ...document, displayName: "Rewritten" }),
        server.id,
      );
      await Promise.resolve();
      return { same: first === again, stampBefore, stampAfter: stamp(), name: store.scan().records[0]!.displayName };
    });
    expect(result.same).toBe(true);
    expect(result.stampAfter).toBeGreaterThan(result.stampBefore);
    expect(result.name).toBe("Rewritten");
  });

  it("after a rolled-back write, a later write that is given the same stamp again is still seen", async () => {
    const user = await createUser();
    await createServer(user.deviceToken, { displayName: "Original", endpoint: "https://rollback.example/" });
    const result = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace) => {
      const space = instance.space();
      const store = new SqlMcpRegistrationStore(space.sql, hotRows(space));
      const record = store.scan().records[0]!;
      try {
        space.storage.transactionSync(() => {
          store.replace({ ...record, displayName: "Rolled back", revision: record.revision + 1 }, record.revision);
          store.scan(); // decoded inside the transaction, with the stamp the rollback gives back
          throw new Error("abort");
        });
      } catch {
        // rolled back
      }
      await Promise.resolve();
      // No read in between: the next write is given the rolled-back write's stamp again.
      store.replace({ ...record, displayName: "Kept", revision: record.revision + 1 }, record.revision);
      await Promise.resolve();
      return { later: store.scan().records[0]!.displayName };
    });
    expect(result.later).toBe("Kept");
  });
});
