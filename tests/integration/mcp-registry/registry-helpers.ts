/** Helpers for the MCP registry tests: the user's object stub and raw SQLite access. */
import { env, runInDurableObject } from "cloudflare:test";
import type { UserSpace } from "../../../durable-objects/user-space";
import { apiJson } from "../helpers";

export function spaceStub(userId: string): DurableObjectStub<UserSpace> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return namespace.get(namespace.idFromName(userId));
}

/** Runs `sql` inside the user's object and returns the rows. */
export async function rawRows(
  userId: string,
  sql: string,
  ...params: SqlStorageValue[]
): Promise<Record<string, SqlStorageValue>[]> {
  return runInDurableObject(spaceStub(userId), (_instance: UserSpace, state) =>
    state.storage.sql.exec(sql, ...params).toArray(),
  );
}

/** Creates a server through the API and returns it. */
export async function createServer(token: string, body: Record<string, unknown>): Promise<any> {
  return apiJson("/api/v1/mcp/servers", { token, body, expectStatus: 201 });
}

/** Percent-encoded path of one tool of a server. */
export function toolPath(id: string, nativeName: string, leaf: "permission" | "description-override"): string {
  return `/api/v1/mcp/servers/${id}/tools/${encodeURIComponent(nativeName)}/${leaf}`;
}
