/**
 * Reading one stored profile row (docs/spec/profiles.md §4 and `list()` issues):
 * JSON → migrate v1/v2 → strict v3 read → identity check (document id = row id). Returns the
 * definition (and whether it was migrated, so the caller writes it back once) or the issue that
 * `list()` reports: `invalidJson` (delete), `invalidFileIdentity` (normalizeIdentity: header keys
 * `schemaVersion`, `kind`, `id` are wrong) or `invalidProfile` (fix in the JSON editor).
 */
import { AppError } from "../../domain/errors";
import type { AgentProfileDefinition } from "../../domain/profiles/definition";
import { AGENT_PROFILE_KIND } from "../../domain/profiles/definition";
import { migrateProfileDocument } from "../../domain/profiles/migrate";
import type { ProfileToolCatalog } from "../../domain/profiles/tool-catalog";
import { readProfile } from "../../domain/profiles/validate";
import type { ProfileIssue } from "../../contracts/profile-views";

/** A `list()` issue (docs/spec/profiles.md; wire type in src/contracts/profile-views.ts). */
export type { ProfileIssue };

export type StoredRead =
  | { ok: true; profile: AgentProfileDefinition; migratedFrom: number | null }
  | { ok: false; issue: ProfileIssue; error: AppError };

const IDENTITY_CODES = new Set([
  "agent.profile_schema_unsupported",
  "agent.profile_kind_invalid",
  "agent.profile_id_empty",
  "agent.profile_id_too_long",
  "agent.profile_id_invalid",
]);

/** Reads row `rowId` whose JSON text is `text` (see file docstring). Never throws for bad data. */
export function readStoredProfile(rowId: string, text: string, catalog?: ProfileToolCatalog): StoredRead {
  const fileName = `${rowId}.json`;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = `The stored profile is not valid JSON: ${(error as Error).message}`;
    return {
      ok: false,
      error: new AppError("agent.profile_contract_invalid", message, { path: "$" }),
      issue: {
        profileId: rowId,
        fileName,
        kind: "invalidJson",
        recommendedAction: "delete",
        code: "agent.profile_contract_invalid",
        message,
      },
    };
  }
  const { document, migratedFrom } = migrateProfileDocument(raw);
  try {
    const profile = readProfile(document, catalog);
    if (profile.id !== rowId) {
      throw new AppError(
        "agent.profile_id_invalid",
        `The stored profile says its id is "${profile.id}" but it is stored as "${rowId}".`,
        { path: "$.id" },
      );
    }
    return { ok: true, profile, migratedFrom };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const identity = IDENTITY_CODES.has(error.code) || hasWrongIdentity(document, rowId);
    return {
      ok: false,
      error,
      issue: {
        profileId: rowId,
        fileName,
        kind: identity ? "invalidFileIdentity" : "invalidProfile",
        ...(identity ? { recommendedAction: "normalizeIdentity" as const } : {}),
        code: error.code,
        message: error.message,
      },
    };
  }
}

function hasWrongIdentity(document: unknown, rowId: string): boolean {
  if (typeof document !== "object" || document === null) return true;
  const doc = document as Record<string, unknown>;
  return doc.id !== rowId || doc.kind !== AGENT_PROFILE_KIND;
}
