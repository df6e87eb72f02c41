/** Helpers for the MCP gateway tests: peers, active registrations, recorded peer requests. */
import { env, runInDurableObject } from "cloudflare:test";
import { inject } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { sealConnection } from "../../../src/application/mcp/registry-secrets";
import { secretCipher } from "../../../src/composition/secrets";
import { apiJson, createUser, type TestUser } from "../helpers";

export const peers = () => inject("peers");

/** server-everything's MCP endpoint. */
export const everythingUrl = () => `${peers()["mcp-everything"]}/mcp`;
/** The v2 modern peer's MCP endpoint; `tag` makes a private path so recordings can be filtered. */
export const modernUrl = (tag = "") => `${peers()["mcp-modern"]}/mcp${tag ? `/${tag}` : ""}`;
/** A hostile scenario endpoint (`tag`: a private sub-path for recordings). */
export const hostileUrl = (scenario: string, tag = "") =>
  `${peers()["mcp-hostile"]}/h/${scenario}${tag ? `/${tag}` : ""}`;

export function spaceStub(userId: string): DurableObjectStub<UserSpace> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return namespace.get(namespace.idFromName(userId));
}

/** Creates a user and an ACTIVE registration for `endpoint`; returns both. */
export async function activeServer(
  endpoint: string,
  extra: Record<string, unknown> = {},
  user?: TestUser,
): Promise<{ user: TestUser; id: string }> {
  const owner = user ?? (await createUser());
  const server = await apiJson("/api/v1/mcp/servers", {
    token: owner.deviceToken,
    body: { displayName: "Peer", endpoint, ...extra },
    expectStatus: 201,
  });
  await apiJson(`/api/v1/mcp/servers/${server.id}/state`, {
    token: owner.deviceToken,
    body: { state: "active" },
    expectStatus: 200,
  });
  return { user: owner, id: server.id };
}

/** POST …/discover or …/refresh; returns `{status, body}`. */
export async function discover(
  user: TestUser,
  id: string,
  verb: "discover" | "refresh" = "discover",
): Promise<{ status: number; body: any }> {
  const { api } = await import("../helpers");
  const response = await api(`/api/v1/mcp/servers/${id}/${verb}`, { method: "POST", token: user.deviceToken });
  return { status: response.status, body: await response.json() };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  rpcMethod?: string;
}

/** Requests a peer received whose path starts with `route`. */
export async function recorded(
  peer: "mcp-modern" | "mcp-hostile" | "mcp-hostile-cross",
  route: string,
): Promise<RecordedRequest[]> {
  const response = await fetch(`${peers()[peer]}/control/requests?route=${encodeURIComponent(route)}`);
  return ((await response.json()) as { requests: RecordedRequest[] }).requests;
}

/** Runs raw SQL inside the user's object. */
export async function rawSql(
  userId: string,
  sql: string,
  ...params: SqlStorageValue[]
): Promise<Record<string, SqlStorageValue>[]> {
  return runInDurableObject(spaceStub(userId), (_instance: UserSpace, state) =>
    state.storage.sql.exec(sql, ...params).toArray(),
  );
}

/**
 * Writes `headers` into a stored registration as-is, bypassing the save-time header checks (a row
 * saved before ADR 0394); `endpoint` is the registration's endpoint.
 */
export async function plantHeaders(
  userId: string,
  id: string,
  endpoint: string,
  headers: Record<string, string>,
): Promise<void> {
  await runInDurableObject(spaceStub(userId), async (instance: UserSpace, state) => {
    const sealed = await sealConnection(secretCipher(instance.space()), id, endpoint, headers);
    const [row] = state.storage.sql.exec("SELECT document FROM te_mcp_registrations WHERE id = ?", id).toArray();
    const document = { ...JSON.parse(String(row!.document)), sealedHeaders: sealed.sealedHeaders };
    state.storage.sql.exec("UPDATE te_mcp_registrations SET document = ? WHERE id = ?", JSON.stringify(document), id);
  });
}
