/**
 * The agent run routes the web client calls: start (`POST /agent/runs`, [agent-loop]), cancel,
 * get, list (`?stableChatId=&statuses=a,b&cursor=`, newest first) and the profile list.
 * Errors: `agent.run_not_found` 404, `agent.prompt_snapshot_invalid`, `agent.profile_not_found`,
 * `model.no_default_connection`, `model.connection_not_found`, `chat.not_found`, …
 */
import type { ApiClient } from "../api/client";
import type { ProfileSummary, RunHandle, RunPage, RunSummary, StartRunBody } from "./types";

const runPath = (runId: string) => `/agent/runs/${encodeURIComponent(runId)}`;

export interface RunsApi {
  start(body: StartRunBody): Promise<RunHandle>;
  cancel(runId: string): Promise<RunHandle>;
  get(runId: string): Promise<RunSummary>;
  list(filter: {
    stableChatId?: string;
    statuses?: readonly string[];
    cursor?: string;
    limit?: number;
  }): Promise<RunPage>;
  profiles(): Promise<{ profiles: ProfileSummary[] }>;
}

export function runsApi(api: ApiClient): RunsApi {
  return {
    start: (body) => api.post("/agent/runs", body),
    cancel: (runId) => api.post(`${runPath(runId)}/cancel`),
    get: (runId) => api.get(runPath(runId)),
    list: ({ stableChatId, statuses, cursor, limit = 25 }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (stableChatId) query.set("stableChatId", stableChatId);
      if (statuses && statuses.length > 0) query.set("statuses", statuses.join(","));
      if (cursor) query.set("cursor", cursor);
      return api.get(`/agent/runs?${query}`);
    },
    profiles: () => api.get("/agent/profiles"),
  };
}
