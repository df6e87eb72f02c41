/**
 * Registrations opened for a network call (catalog discovery, tool calls, test calls): the
 * endpoint (userinfo included) and headers in clear, from the registry's memo (docs/decisions/3100).
 * Missing or unreadable rows are answers, not errors (RegistrationLookup); a row whose secrets
 * cannot be opened is `unavailable` with code `secrets.key_mismatch` (or `secrets.key_unavailable`).
 * `state` is not checked. docs/spec/mcp-platform.md §2.
 */
import { AppError } from "../../domain/errors";
import { parseRegistrationId } from "../../domain/mcp/registration-id";
import type {
  McpRegistrationRepository,
  RegistrationLoad,
  RegistrationStorageIssue,
} from "../../ports/mcp-registration-repository";
import type { RegistryMemo } from "./registry-memo";
import { notFound, storageIssue, type OpenedRegistration } from "./registry-records";

/** Lookup result without throwing: what call gates map to `mcp.call_registration_*` codes. */
export type RegistrationLookup<T> =
  | { status: "found"; registration: T }
  | { status: "missing" }
  | { status: "unavailable"; issue: RegistrationStorageIssue };

/** One registration, read from its row. */
export function lookupOne(
  repo: McpRegistrationRepository,
  memo: RegistryMemo,
  id: string,
): Promise<RegistrationLookup<OpenedRegistration>> {
  return openLookup(memo, id, repo.load(id));
}

/**
 * Several registrations with one scan of the table instead of one read per id (a tool resolution
 * touching many servers, issue 31). Every id of `ids` gets an answer.
 */
export async function lookupMany(
  repo: McpRegistrationRepository,
  memo: RegistryMemo,
  ids: readonly string[],
): Promise<Map<string, RegistrationLookup<OpenedRegistration>>> {
  const { records, issues } = repo.scan();
  const loads = new Map<string, RegistrationLoad>();
  for (const record of records) loads.set(record.id, { status: "found", record });
  for (const issue of issues)
    if (issue.registrationId) loads.set(issue.registrationId, { status: "unreadable", issue, revision: 0 });
  const out = new Map<string, RegistrationLookup<OpenedRegistration>>();
  for (const id of ids) out.set(id, await openLookup(memo, id, loads.get(id) ?? { status: "missing" }));
  return out;
}

/**
 * Throwing form of lookupOne: `mcp.registration_not_found` (404) or
 * `mcp.registration_storage_issue` / `secrets.key_mismatch` / `secrets.key_unavailable`.
 */
export async function loadOne(
  repo: McpRegistrationRepository,
  memo: RegistryMemo,
  id: string,
): Promise<OpenedRegistration> {
  const found = await lookupOne(repo, memo, parseRegistrationId(id));
  if (found.status === "missing") throw notFound(id);
  if (found.status === "unavailable") {
    if (found.issue.code.startsWith("secrets."))
      throw new AppError(found.issue.code, found.issue.message, { registrationId: id });
    throw storageIssue(found.issue);
  }
  return found.registration;
}

async function openLookup(
  memo: RegistryMemo,
  id: string,
  load: RegistrationLoad,
): Promise<RegistrationLookup<OpenedRegistration>> {
  if (load.status === "missing") return { status: "missing" };
  if (load.status === "unreadable") return { status: "unavailable", issue: load.issue };
  try {
    return { status: "found", registration: await memo.openRegistration(load.record) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: "unavailable",
      issue: { registrationId: id, fileName: id, code: error.code, message: error.message },
    };
  }
}
