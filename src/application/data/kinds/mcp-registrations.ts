/**
 * Archive kind `mcp` (docs/spec/data-portability.md §1–2): `mcp/<registrationId>/registration.json`
 * holds the registration with its tool permissions and description overrides but never a secret:
 * the header names are listed, and `headersUnavailable` / `endpointUserinfoUnavailable` say what
 * the archive lacks. With secrets, the header values and endpoint userinfo are in the encrypted
 * secrets map under `mcp/<id>` (`headers` as JSON text, `userinfo`). Restore seals them under this
 * server's DATA_KEY; catalog snapshots are not carried (the next discovery refetches them).
 *
 * Errors of an item: `data.item_invalid`, the storage codes of a registration that does not load
 * (`mcp.*`), `secrets.key_unavailable`.
 */
import { AppError } from "../../../domain/errors";
import type { McpRegistrationRepository, StoredRegistration } from "../../../ports/mcp-registration-repository";
import type { SecretCipher } from "../../../ports/secret-cipher";
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
      return { files: { "registration.json": JSON.stringify(archived) } };
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
    async importItem(item, { secrets, replace }) {
      const archived = item.json<ArchivedRegistration>("registration.json");
      if (archived?.id !== item.id) throw new AppError("data.item_invalid", `The MCP server ${item.id} is incomplete.`);
      const { headerNames: _names, headersUnavailable: _h, endpointUserinfoUnavailable: _u, ...rest } = archived;
      const record: StoredRegistration = {
        ...rest,
        sealedHeaders: secrets?.headers ? await cipher.seal(secrets.headers, headersAad(item.id)) : null,
        sealedUserinfo: secrets?.userinfo ? await cipher.seal(secrets.userinfo, userinfoAad(item.id)) : null,
      };
      deps.transaction(() => {
        if (replace) repo.remove(item.id);
        repo.insert(record);
        const check = repo.load(item.id);
        if (check.status === "unreadable") throw new AppError(check.issue.code, check.issue.message);
      });
    },
  };
}
