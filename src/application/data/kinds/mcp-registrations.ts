/**
 * Archive kind `mcp` (docs/spec/data-portability.md §1–2): `mcp/<registrationId>/registration.json`
 * holds the registration with its tool permissions and description overrides but never a secret:
 * the header names are listed, and `headersUnavailable` / `endpointUserinfoUnavailable` say what
 * the archive lacks. With secrets, the header values and endpoint userinfo are in the encrypted
 * secrets map under `mcp/<id>` (`headers` as JSON text, `userinfo`). Restore seals them under this
 * server's DATA_KEY; catalog snapshots are not carried (the next discovery refetches them).
 * `approvals.json` (when any) holds the tool descriptors the user approved (docs/spec/approvals.md
 * §7), so a tool that changed since is still flagged for review after a restore. In a
 * merge a taken id becomes a fresh registration id (docs/decisions/2750); ToolIds that name it
 * (`mcp/<id>:<tool>`) in profiles and runs are rewritten by the id map.
 *
 * Errors of an item: `data.item_invalid`, the storage codes of a registration that does not load
 * (`mcp.*`), `secrets.key_unavailable`.
 */
import { isJsonObject } from "../../../domain/json-object";
import { validateToolName } from "../../../domain/mcp/tool-name";
import { AppError } from "../../../domain/errors";
import type { McpRegistrationRepository, StoredRegistration } from "../../../ports/mcp-registration-repository";
import type { SecretCipher } from "../../../ports/secret-cipher";
import type { ToolApprovalStore } from "../../../ports/tool-approval-store";
import type { ToolApprovalRecord } from "../../../domain/mcp/tool-review";
import { newRegistrationId } from "../../../domain/mcp/registration-id";
import { headersAad, openConnection, userinfoAad } from "../../mcp/registry-secrets";
import type { ArchiveKind } from "../kind";

/** `registration.json`. */
export interface ArchivedRegistration extends Omit<StoredRegistration, "sealedUserinfo" | "sealedHeaders"> {
  headerNames: string[];
  headersUnavailable?: true;
  endpointUserinfoUnavailable?: true;
}

export interface McpKindDeps {
  repo: McpRegistrationRepository;
  approvals: ToolApprovalStore;
  cipher: SecretCipher;
  transaction<T>(fn: () => T): T;
}

export function mcpRegistrationsKind(deps: McpKindDeps): ArchiveKind {
  const { repo, cipher } = deps;
  const load = (id: string): StoredRegistration | null => {
    const found = repo.load(id);
    return found.status === "found" ? found.record : null;
  };
  return {
    name: "mcp",
    version: 1,
    list: () => repo.scan().records.map((r) => r.id),
    async exportItem(id) {
      const record = load(id);
      if (!record) return null;
      const { sealedHeaders, sealedUserinfo, ...rest } = record;
      let headerNames: string[] = [];
      if (sealedHeaders) {
        try {
          headerNames = Object.keys((await openConnection(cipher, record)).headers);
        } catch {
          headerNames = [];
        }
      }
      const archived: ArchivedRegistration = {
        ...rest,
        headerNames,
        ...(sealedHeaders ? { headersUnavailable: true as const } : {}),
        ...(sealedUserinfo ? { endpointUserinfoUnavailable: true as const } : {}),
      };
      const approvals = deps.approvals.forRegistration(id);
      return {
        files: {
          "registration.json": JSON.stringify(archived),
          ...(approvals.length > 0 ? { "approvals.json": JSON.stringify(approvals) } : {}),
        },
      };
    },
    async secrets() {
      const out: Record<string, Record<string, string>> = {};
      for (const record of repo.scan().records) {
        if (!record.sealedHeaders && !record.sealedUserinfo) continue;
        const secret: Record<string, string> = {};
        if (record.sealedHeaders) secret.headers = await cipher.open(record.sealedHeaders, headersAad(record.id));
        if (record.sealedUserinfo) secret.userinfo = await cipher.open(record.sealedUserinfo, userinfoAad(record.id));
        out[record.id] = secret;
      }
      return out;
    },
    exists: (id) => repo.load(id).status !== "missing",
    newId(_id, taken) {
      for (;;) {
        const id = newRegistrationId();
        if (!taken(id)) return id;
      }
    },
    async importItem(item, { secrets, replace, targetId }) {
      const archived = item.json<ArchivedRegistration>("registration.json");
      if (archived?.id !== item.id) throw new AppError("data.item_invalid", `The MCP server ${item.id} is incomplete.`);
      const { headerNames: _names, headersUnavailable: _h, endpointUserinfoUnavailable: _u, ...rest } = archived;
      const record: StoredRegistration = {
        ...rest,
        id: targetId,
        sealedHeaders: secrets?.headers ? await cipher.seal(secrets.headers, headersAad(targetId)) : null,
        sealedUserinfo: secrets?.userinfo ? await cipher.seal(secrets.userinfo, userinfoAad(targetId)) : null,
      };
      const approvals = item.file("approvals.json") === null ? [] : item.json<ToolApprovalRecord[]>("approvals.json");
      if (!Array.isArray(approvals) || !approvals.every(isArchivedApproval))
        throw new AppError("data.item_invalid", `The approved tools of MCP server ${item.id} are incomplete.`);
      deps.transaction(() => {
        if (replace) {
          repo.remove(targetId);
          deps.approvals.removeRegistration(targetId);
        }
        repo.insert(record);
        for (const approval of approvals) deps.approvals.put({ ...approval, registrationId: targetId });
        const check = repo.load(targetId);
        if (check.status === "unreadable") throw new AppError(check.issue.code, check.issue.message);
      });
    },
  };
}

/**
 * One approved tool as an export writes it (docs/spec/approvals.md): a valid native tool name
 * (docs/spec/mcp-platform.md §3), the level it restores (`ask` | `allow`), the approved descriptor
 * of that same tool and its hash, `gone`, and a review or null. The archive's `registrationId` is
 * not trusted: the restore sets its own.
 */
function isArchivedApproval(value: unknown): value is ToolApprovalRecord {
  if (!isJsonObject(value) || typeof value.nativeName !== "string") return false;
  try {
    validateToolName(value.nativeName);
  } catch {
    return false;
  }
  const approved = value.approved;
  return (
    (value.level === "ask" || value.level === "allow") &&
    typeof value.approvedHash === "string" &&
    value.approvedHash.length > 0 &&
    typeof value.gone === "boolean" &&
    (value.review === null || isJsonObject(value.review)) &&
    isJsonObject(approved) &&
    approved.name === value.nativeName &&
    isJsonObject(approved.inputSchema) &&
    isJsonObject(approved.annotations)
  );
}
