/**
 * Schema v8: Agent Profiles (issue [agent-profiles], docs/spec/profiles.md). One row per user
 * profile; `document` is the profile JSON as saved (≤ 256 KiB), so invalid rows stay listable.
 */
import type { MigrationStep } from "../migration-step";

export const agentProfilesSchema: MigrationStep = {
  version: 8,
  name: "agent-profiles",
  up(sql) {
    sql.exec(`CREATE TABLE te_agent_profiles (
      id TEXT PRIMARY KEY, document TEXT NOT NULL,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
  },
};
