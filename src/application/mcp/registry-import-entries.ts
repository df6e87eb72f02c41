/**
 * JSON import, the entries' checks (docs/spec/mcp-platform.md §7): every server the document
 * yielded (./registry-import) goes through the create checks (`prepare`: endpoint, name, headers,
 * protocol version; the display name defaults to the endpoint's host). An entry failing one is
 * skipped with that check's code, message and details (`mcp.header_reserved {header}`, …). An
 * entry whose endpoint is already registered, or appears earlier in the same document, is still
 * accepted, with a `mcp.import_duplicate_endpoint` warning naming the first. Pure: nothing is
 * sealed or written here (the registry service does both, sealing everything before any write).
 */
import { AppError } from "../../domain/errors";
import { parseEndpoint } from "../../domain/mcp/endpoint";
import type { RegistrationWarning } from "../../domain/mcp/reachability";
import type { StoredRegistration } from "../../ports/mcp-registration-repository";
import type { ImportCandidate, ImportSkipped } from "./registry-import";
import { duplicateEndpointWarning, prepare, type Prepared } from "./registry-records";

/** An entry that passed the create checks, with its duplicate-endpoint warning (if any). */
export interface AcceptedImportEntry {
  prepared: Prepared;
  duplicate: RegistrationWarning[];
}

/**
 * Splits `candidates` into accepted entries and skipped ones (appended to `skipped`, after the
 * document's own skips). `existing`: the registrations already stored (their bare endpoints).
 */
export function classifyImportEntries(
  candidates: readonly ImportCandidate[],
  existing: ReadonlyArray<Pick<StoredRegistration, "endpoint" | "displayName">>,
  skipped: ImportSkipped[],
): AcceptedImportEntry[] {
  const known = [...existing];
  const accepted: AcceptedImportEntry[] = [];
  for (const candidate of candidates) {
    let prepared: Prepared;
    try {
      const endpoint = parseEndpoint(candidate.endpoint);
      prepared = prepare({ ...candidate, displayName: candidate.displayName ?? endpoint.host });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({
        name: candidate.name,
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
      continue;
    }
    accepted.push({ prepared, duplicate: duplicateEndpointWarning(prepared, known) });
    known.push({ endpoint: prepared.bareEndpoint, displayName: prepared.displayName });
  }
  return accepted;
}
