/**
 * AgentProfileService (issue [agent-profiles]; docs/spec/profiles.md §6):
 * list (summaries + per-row issues), load, save (strict v3), delete, repair (delete |
 * normalizeIdentity), import (v1/v2/v3, migrated), export (local model bindings → `requiresConfiguration`). The built-in `default-writer` is always
 * listed first and is read-only. Stored v1/v2 rows are migrated when read and written back once.
 *
 * Errors: the docs/spec/profiles.md validation codes (400, `details.path`), `agent.profile_not_found` (404),
 * hosted extensions `agent.profile_read_only` (409: default-writer cannot be saved, imported over
 * or deleted), `agent.profile_conflict` (409: import of an existing id without `overwrite`),
 * `agent.profile_id_mismatch` (400: path id ≠ document id), `agent.profile_too_large` (413: JSON
 * over 256 KiB), `agent.profile_limit_exceeded` (400: more than 200 profiles).
 * Frames: `agent.profile_changed {profileId}` to every socket of the user after save/import/delete.
 */
import { AppError } from "../../domain/errors";
import {
  AGENT_PROFILE_KIND,
  DELEGATION_DEFAULTS,
  DELEGATION_LIMIT_RANGES,
  PROFILE_LIMITS,
  type AgentProfileDefinition,
} from "../../domain/profiles/definition";
import { DEFAULT_WRITER_ID, defaultWriterDefinition } from "../../domain/profiles/default-writer";
import { migrateProfileDocument } from "../../domain/profiles/migrate";
import { portableProfile } from "../../domain/profiles/model-binding";
import { DEFAULT_PROFILE_TOOL_CATALOG, type ProfileToolCatalog } from "../../domain/profiles/tool-catalog";
import { readProfile } from "../../domain/profiles/validate";
import type { AgentProfileRepository } from "../../ports/agent-profile-repository";
import type { Clock, SocketHub } from "../../ports/space";
import type { ProfileImportResult, ProfileList, ProfileSummary } from "../../contracts/profile-views";
import { readStoredProfile, type ProfileIssue, type StoredRead } from "./stored-profile";

/** `list()` answers and the import result (wire types in src/contracts/profile-views.ts). */
export type { ProfileList, ProfileSummary };
export type ImportResult = ProfileImportResult;

const encoder = new TextEncoder();

export class AgentProfileService {
  constructor(
    private readonly repo: AgentProfileRepository,
    private readonly clock: Clock,
    private readonly sockets: SocketHub,
    private readonly catalog: ProfileToolCatalog = DEFAULT_PROFILE_TOOL_CATALOG,
  ) {}

  /** default-writer, then every readable stored profile by id; unreadable rows become issues. */
  list(): ProfileList {
    const profiles: ProfileSummary[] = [summary(defaultWriterDefinition(), true)];
    const issues: ProfileIssue[] = [];
    for (const row of this.repo.list()) {
      const read = this.read(row.id, row.document);
      if (read.ok) profiles.push(summary(read.profile, false));
      else issues.push(read.issue);
    }
    return { profiles, issues, delegationLimits: delegationLimits() };
  }

  /** `{profile}` (null when no profile has this id). A stored invalid profile throws its first validation error. */
  load(id: string): { profile: AgentProfileDefinition | null } {
    return { profile: this.find(id) };
  }

  /** The profile `id` or null; throws the validation error of an invalid stored row. */
  find(id: string): AgentProfileDefinition | null {
    if (id === DEFAULT_WRITER_ID) return defaultWriterDefinition();
    const row = this.repo.get(id);
    if (!row) return null;
    const read = this.read(row.id, row.document);
    if (!read.ok) throw read.error;
    return read.profile;
  }

  /** Like find, but `agent.profile_not_found` when absent. */
  require(id: string): AgentProfileDefinition {
    const profile = this.find(id);
    if (!profile) throw notFound(id);
    return profile;
  }

  /**
   * Saves a strict v3 document (no migration: older versions → `agent.profile_schema_unsupported`;
   * use import). `pathId`, when given, must equal the document id.
   */
  save(raw: unknown, pathId?: string): AgentProfileDefinition {
    const profile = readProfile(raw, this.catalog);
    if (pathId !== undefined && pathId !== profile.id) {
      throw new AppError(
        "agent.profile_id_mismatch",
        `The profile in the body has id "${profile.id}", but the URL names "${pathId}".`,
        { path: "$.id" },
      );
    }
    this.store(profile);
    return profile;
  }

  /** Deletes a stored profile (`{id, deleted: true}`); default-writer is read-only. */
  delete(id: string): { id: string; deleted: true } {
    if (id === DEFAULT_WRITER_ID) throw readOnly();
    if (!this.repo.delete(id)) throw notFound(id);
    this.sockets.broadcast({ type: "agent.profile_changed", profileId: id });
    return { id, deleted: true };
  }

  /**
   * Imports a v1/v2/v3 document: migrated to v3, validated strictly, stored. An existing id is
   * replaced only with `overwrite` (else `agent.profile_conflict`).
   */
  import(raw: unknown, options: { overwrite?: boolean } = {}): ImportResult {
    const { document, migratedFrom } = migrateProfileDocument(raw);
    const profile = readProfile(document, this.catalog);
    if (profile.id !== DEFAULT_WRITER_ID && this.repo.get(profile.id) && options.overwrite !== true) {
      throw new AppError(
        "agent.profile_conflict",
        `A profile with id "${profile.id}" already exists. Import with overwrite to replace it, or change the id.`,
        { profileId: profile.id },
      );
    }
    this.store(profile);
    return { profile, migratedFrom };
  }

  /**
   * repairFile (docs/spec/profiles.md): `delete` removes the stored row whatever it holds;
   * `normalizeIdentity` rewrites only the header keys (`schemaVersion` when not 1–3 → 3, `kind`,
   * `id` = the row id), migrates, and writes only if the result validates (else its validation
   * code, nothing written). Unreadable JSON cannot be normalized (`agent.profile_contract_invalid`).
   */
  repair(
    id: string,
    action: "delete" | "normalizeIdentity",
  ): { profileId: string; action: string; profile: AgentProfileDefinition | null } {
    if (id === DEFAULT_WRITER_ID) throw readOnly();
    const row = this.repo.get(id);
    if (!row) throw notFound(id);
    if (action === "delete") {
      this.delete(id);
      return { profileId: id, action, profile: null };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(row.document);
    } catch {
      throw new AppError(
        "agent.profile_contract_invalid",
        "The stored profile is not valid JSON, so its identity cannot be normalized. Delete it instead.",
        { path: "$" },
      );
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      throw new AppError(
        "agent.profile_contract_invalid",
        "The stored profile is not a JSON object, so its identity cannot be normalized. Delete it instead.",
        { path: "$" },
      );
    }
    const doc = { ...(raw as Record<string, unknown>) };
    if (![1, 2, 3].includes(doc.schemaVersion as number)) doc.schemaVersion = 3;
    doc.kind = AGENT_PROFILE_KIND;
    doc.id = id;
    const profile = readProfile(migrateProfileDocument(doc).document, this.catalog);
    this.store(profile);
    return { profileId: id, action, profile };
  }

  /** The portable document of `id`: connection bindings replaced by `requiresConfiguration`. */
  export(id: string): AgentProfileDefinition {
    return portableProfile(this.require(id));
  }

  private store(profile: AgentProfileDefinition): void {
    if (profile.id === DEFAULT_WRITER_ID) throw readOnly();
    const text = JSON.stringify(profile);
    if (encoder.encode(text).byteLength > PROFILE_LIMITS.documentBytes) {
      throw new AppError(
        "agent.profile_too_large",
        `A profile may be at most ${PROFILE_LIMITS.documentBytes / 1024} KiB of JSON.`,
      );
    }
    if (!this.repo.get(profile.id) && this.repo.count() >= PROFILE_LIMITS.perUser) {
      throw new AppError(
        "agent.profile_limit_exceeded",
        `A user can have at most ${PROFILE_LIMITS.perUser} agent profiles. Delete one first.`,
      );
    }
    this.repo.put(profile.id, text, this.clock.now());
    this.sockets.broadcast({ type: "agent.profile_changed", profileId: profile.id });
  }

  /** Reads a row; a migrated v1/v2 row is written back once as v3 (no frame: nothing changed for the user). */
  private read(rowId: string, text: string): StoredRead {
    const read = readStoredProfile(rowId, text, this.catalog);
    if (read.ok && read.migratedFrom !== null) this.repo.put(rowId, JSON.stringify(read.profile), this.clock.now());
    return read;
  }
}

function summary(profile: AgentProfileDefinition, readOnly: boolean): ProfileSummary {
  return {
    id: profile.id,
    displayName: profile.displayName,
    ...(profile.description !== undefined ? { description: profile.description } : {}),
    directRunnable: profile.run.directRunnable,
    readOnly,
  };
}

function notFound(id: string): AppError {
  return new AppError("agent.profile_not_found", `No agent profile has the id "${id}".`, { profileId: id });
}

function readOnly(): AppError {
  return new AppError(
    "agent.profile_read_only",
    `"${DEFAULT_WRITER_ID}" is the built-in profile and cannot be changed or deleted. Save a copy under another id.`,
    { profileId: DEFAULT_WRITER_ID },
  );
}

/** The range and default of each delegation limit (`GET /agent/profiles` `delegationLimits`, ADR 2640). */
function delegationLimits(): ProfileList["delegationLimits"] {
  return Object.fromEntries(
    Object.entries(DELEGATION_LIMIT_RANGES).map(([key, range]) => [
      key,
      { ...range, default: DELEGATION_DEFAULTS[key as keyof typeof DELEGATION_LIMIT_RANGES] },
    ]),
  );
}
