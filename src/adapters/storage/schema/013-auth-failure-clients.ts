/**
 * Schema v13: failed credential attempts remember the client they came from (its rate-limit key,
 * src/domain/auth/client-key.ts), so the limit is per client address instead of per user
 * (docs/spec/hardening.md "Credential rate limits"). Older rows get the empty key.
 */
import type { MigrationStep } from "../migration-step";

export const authFailureClientsSchema: MigrationStep = {
  version: 13,
  name: "auth-failure-clients",
  up(sql) {
    sql.exec(`ALTER TABLE te_auth_failures ADD COLUMN client TEXT NOT NULL DEFAULT ''`);
    sql.exec(`CREATE INDEX te_auth_failures_client ON te_auth_failures(client, at)`);
  },
};
