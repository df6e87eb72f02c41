/**
 * The agent profile routes (docs/api.md "Agent profiles"): list (summaries + storage issues),
 * load, create (POST) / replace (PUT), delete, diagnose, import (v1/v2/v3; migrated), export (the
 * portable document: a connection binding becomes `requiresConfiguration`), repair, and the
 * builtin tool specs. Errors: every docs/spec/profiles.md validation code with `details.path`,
 * `agent.profile_not_found` 404, `agent.profile_read_only` 409, `agent.profile_conflict` 409,
 * `agent.profile_id_mismatch`, `agent.profile_too_large` 413, `agent.profile_limit_exceeded`.
 */
import type { ApiClient } from "../api/client";
import type { AgentToolSpec, ImportResult, ProfileDocument, ProfileHealth, ProfileList } from "./types";

const at = (id: string) => `/agent/profiles/${encodeURIComponent(id)}`;

export interface ProfilesApi {
  list(): Promise<ProfileList>;
  /** `{profile: null}` when no profile has this id. */
  load(id: string): Promise<{ profile: ProfileDocument | null }>;
  /** POST: a new profile (or a replacement of one with the same id). */
  create(profile: ProfileDocument): Promise<{ profile: ProfileDocument }>;
  /** PUT /:id: the document id must equal `id`. */
  update(id: string, profile: ProfileDocument): Promise<{ profile: ProfileDocument }>;
  remove(id: string): Promise<{ id: string; deleted: true }>;
  diagnose(id: string): Promise<ProfileHealth>;
  importDocument(profile: unknown, overwrite?: boolean): Promise<ImportResult>;
  exportDocument(id: string): Promise<ProfileDocument>;
  repair(
    id: string,
    action: "delete" | "normalizeIdentity",
  ): Promise<{ profileId: string; action: string; profile: ProfileDocument | null }>;
  tools(): Promise<{ tools: AgentToolSpec[] }>;
}

export function profilesApi(api: ApiClient): ProfilesApi {
  return {
    list: () => api.get("/agent/profiles"),
    load: (id) => api.get(at(id)),
    create: (profile) => api.post("/agent/profiles", { profile }),
    update: (id, profile) => api.put(at(id), { profile }),
    remove: (id) => api.del(at(id)),
    diagnose: (id) => api.get(`${at(id)}/diagnose`),
    importDocument: (profile, overwrite) =>
      api.post("/agent/profiles/import", { profile, ...(overwrite ? { overwrite: true } : {}) }),
    exportDocument: (id) => api.get(`${at(id)}/export`),
    repair: (id, action) => api.post(`${at(id)}/repair`, { action }),
    tools: () => api.get("/agent/tools"),
  };
}
