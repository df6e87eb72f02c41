/**
 * JSON import of MCP servers (issue #3; docs/api.md: `POST /mcp/servers {json}`).
 *
 * Accepted documents:
 * - one server object: `{url | serverUrl | endpoint, headers?, type?, displayName? | name?, protocolVersion?}`;
 * - a map of named servers under `mcpServers` (Claude Desktop, Cursor, Windsurf), `servers`
 *   (VS Code `mcp.json`) or `mcp.servers` (VS Code settings).
 * `type` (case-insensitive) may be `http`, `streamable-http`, `streamableHttp` or `streamable_http`;
 * entries with `command` (stdio) are skipped with `mcp.import_transport_stdio`, `type: "sse"` with
 * `mcp.import_transport_sse`, any other type with `mcp.import_transport_unsupported`; an entry
 * with no url is `mcp.import_url_missing`, bad headers `mcp.import_headers_invalid`, a non-string
 * protocolVersion `mcp.import_protocol_version_invalid`; an entry that is not an object is skipped with
 * `mcp.import_entry_invalid`. Whole-document errors create nothing: malformed JSON →
 * `mcp.import_json_invalid` (details `{offset, line, column}`), anything else that is neither a
 * server nor a map → `mcp.import_document_invalid`. Messages never quote the imported text.
 */
import { jsonDepthProblem } from "../../domain/json-depth";
import { AppError } from "../../domain/errors";
import { findJsonSyntaxError } from "../../domain/mcp/json-syntax";
import type { ErrorCode } from "../../domain/errors";

/** A server to create, as found in the document (domain rules are applied by the service). */
export interface ImportCandidate {
  /** The map key, or the single server's name (may be empty: derived from the host later). */
  name: string;
  displayName: string | undefined;
  endpoint: string;
  headers: Record<string, string>;
  protocolVersion: string | undefined;
}

/** An entry that was not imported, with its code and a person-readable reason. */
export interface ImportSkipped {
  name: string;
  code: ErrorCode;
  message: string;
  /** The failed check's details (e.g. `{header}`), when it has any. */
  details?: Record<string, unknown>;
}

const HTTP_TYPES = new Set(["http", "streamable-http", "streamablehttp", "streamable_http"]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Parses and interprets an import document; see the module doc for the rules and codes. */
export function interpretImportDocument(text: string): { candidates: ImportCandidate[]; skipped: ImportSkipped[] } {
  const deep = jsonDepthProblem(text);
  if (deep)
    throw new AppError(
      "mcp.import_json_invalid",
      `The imported JSON nests objects and arrays more than ${deep.maxDepth} levels deep (at ${deep.path}).`,
      { path: deep.path, maxDepth: deep.maxDepth },
    );
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    const where = findJsonSyntaxError(text);
    const position = where
      ? `${where.reason} at line ${where.line}, column ${where.column} (position ${where.offset})`
      : "it could not be parsed";
    throw new AppError(
      "mcp.import_json_invalid",
      `The imported text is not valid JSON: ${position}.`,
      where ? { offset: where.offset, line: where.line, column: where.column } : undefined,
    );
  }
  if (!isObject(document))
    throw invalidDocument("The imported JSON must be an object: one server, or an mcpServers map.");
  const map = serverMap(document);
  const candidates: ImportCandidate[] = [];
  const skipped: ImportSkipped[] = [];
  if (map) {
    for (const [name, entry] of Object.entries(map)) classify(name, entry, false, candidates, skipped);
  } else if (["url", "serverUrl", "endpoint", "command", "type"].some((key) => key in document)) {
    const name =
      typeof document.displayName === "string"
        ? document.displayName
        : typeof document.name === "string"
          ? document.name
          : "";
    classify(name, document, true, candidates, skipped);
  } else {
    throw invalidDocument(
      "The imported JSON is neither an MCP server (with url) nor a map of servers under mcpServers.",
    );
  }
  return { candidates, skipped };
}

function serverMap(document: Json): Json | null {
  for (const found of [
    document.mcpServers,
    document.servers,
    isObject(document.mcp) ? document.mcp.servers : undefined,
  ]) {
    if (found === undefined) continue;
    if (!isObject(found)) throw invalidDocument("The server map (mcpServers) must be an object of named servers.");
    return found;
  }
  return null;
}

function classify(
  name: string,
  entry: unknown,
  single: boolean,
  candidates: ImportCandidate[],
  skipped: ImportSkipped[],
): void {
  const skip = (code: ErrorCode, message: string): void => {
    skipped.push({ name, code, message });
  };
  if (!isObject(entry)) return skip("mcp.import_entry_invalid", "This entry is not an object.");
  if ("command" in entry)
    return skip(
      "mcp.import_transport_stdio",
      "This is a local (stdio) server started with a command; only remote Streamable HTTP servers are supported.",
    );
  if (entry.type !== undefined) {
    const type = typeof entry.type === "string" ? entry.type.toLowerCase() : "";
    if (type === "sse")
      return skip(
        "mcp.import_transport_sse",
        "This server uses the legacy HTTP+SSE transport; only Streamable HTTP is supported.",
      );
    if (!HTTP_TYPES.has(type))
      return skip(
        "mcp.import_transport_unsupported",
        "This server's transport type is not supported; only Streamable HTTP is.",
      );
  }
  const url = entry.url ?? entry.serverUrl ?? entry.endpoint;
  if (typeof url !== "string") return skip("mcp.import_url_missing", "This entry has no url (or serverUrl).");
  const headers = entry.headers ?? {};
  if (!isObject(headers) || Object.values(headers).some((value) => typeof value !== "string")) {
    return skip("mcp.import_headers_invalid", "This entry's headers must be an object of string values.");
  }
  if (entry.protocolVersion !== undefined && typeof entry.protocolVersion !== "string") {
    return skip("mcp.import_protocol_version_invalid", "This entry's protocolVersion must be a string.");
  }
  candidates.push({
    name,
    displayName: single ? (name.trim() === "" ? undefined : name) : name,
    endpoint: url,
    headers: headers as Record<string, string>,
    protocolVersion: entry.protocolVersion as string | undefined,
  });
}

function invalidDocument(message: string): AppError {
  return new AppError("mcp.import_document_invalid", message);
}
