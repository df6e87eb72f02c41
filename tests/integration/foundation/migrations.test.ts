import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { latestSchemaVersion, migrate, schemaVersion } from "../../../src/adapters/storage/migrations";

describe("schema migrations", () => {
  it("upgrades an object from the first version to the newest, keeping its rows", async () => {
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName("migration-fixture"));
    const result = await runInDurableObject(stub, (_instance, state) => {
      expect(schemaVersion(state.storage.sql)).toBe(0);
      expect(migrate(state.storage, 1)).toBe(1);
      state.storage.sql.exec("INSERT INTO te_meta(key, value) VALUES('user_id', 'fixture')");
      state.storage.sql.exec("INSERT INTO te_devices(id, name, token_hash, created_at) VALUES('dev_1', 'Old', 'h', 1)");
      const after = migrate(state.storage);
      return {
        after,
        version: schemaVersion(state.storage.sql),
        device: state.storage.sql.exec("SELECT name FROM te_devices WHERE id = 'dev_1'").one().name,
        again: migrate(state.storage),
      };
    });
    expect(result.after).toBe(latestSchemaVersion());
    expect(result.version).toBe(latestSchemaVersion());
    expect(result.device).toBe("Old");
    expect(result.again).toBe(latestSchemaVersion());
  });

  it("a step that lands later with a lower number still runs", async () => {
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName("migration-gap"));
    const result = await runInDurableObject(stub, (_instance, state) => {
      const one = {
        version: 1,
        name: "one",
        up: (sql: SqlStorage) => {
          sql.exec("CREATE TABLE IF NOT EXISTS te_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
        },
      };
      const three = {
        version: 3,
        name: "three",
        up: (sql: SqlStorage) => {
          sql.exec("CREATE TABLE te_three(x)");
        },
      };
      const two = {
        version: 2,
        name: "two",
        up: (sql: SqlStorage) => {
          sql.exec("CREATE TABLE te_two(x)");
        },
      };
      migrate(state.storage, 3, [one, three]);
      const version = migrate(state.storage, 3, [one, two, three]);
      const tables = state.storage.sql
        .exec("SELECT name FROM sqlite_master WHERE name IN ('te_two', 'te_three') ORDER BY name")
        .toArray()
        .map((r) => r.name);
      return { version, tables };
    });
    expect(result).toEqual({ version: 3, tables: ["te_three", "te_two"] });
  });

  it("a failing step leaves the previous version intact", async () => {
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName("migration-failure"));
    const result = await runInDurableObject(stub, (_instance, state) => {
      migrate(state.storage, 1);
      const broken = [
        {
          version: 2,
          name: "broken",
          up: (sql: SqlStorage) => {
            sql.exec("CREATE TABLE te_half(x)");
            sql.exec("THIS IS NOT SQL");
          },
        },
      ];
      let threw = false;
      try {
        migrate(state.storage, 2, broken);
      } catch {
        threw = true;
      }
      const half = state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'te_half'").toArray().length;
      return { threw, version: schemaVersion(state.storage.sql), half };
    });
    expect(result).toEqual({ threw: true, version: 1, half: 0 });
  });
});
