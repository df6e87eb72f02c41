/**
 * The connection routes (docs/api.md "Model connections"): list (oldest first), create, update,
 * delete, test. Errors: `model.connection_not_found` 404, `model.connection_limit_exceeded`,
 * `input.invalid`, and on test the provider's mapped code (`model.provider_denied`,
 * `model.provider_rate_limited`, `model.request_failed`, …) with `details.status`/`providerCode`.
 */
import type { ApiClient } from "../api/client";
import type { Connection, ConnectionInput, ConnectionTestResult } from "./types";

const path = (id: string) => `/connections/${encodeURIComponent(id)}`;

export interface ConnectionsApi {
  list(): Promise<{ connections: Connection[] }>;
  create(body: ConnectionInput): Promise<Connection>;
  update(id: string, patch: Partial<ConnectionInput>): Promise<Connection>;
  remove(id: string): Promise<{ id: string; deleted: true }>;
  test(id: string): Promise<ConnectionTestResult>;
}

export function connectionsApi(api: ApiClient): ConnectionsApi {
  return {
    list: () => api.get("/connections"),
    create: (body) => api.post("/connections", body),
    update: (id, patch) => api.patch(path(id), patch),
    remove: (id) => api.del(path(id)),
    test: (id) => api.post(`${path(id)}/test`),
  };
}
