/**
 * Archive kind `connections` (docs/spec/data-portability.md §1–2): `connections/<id>/connection.json`
 * is the model connection without its API key (`apiKeyUnavailable: true`) and without credentials
 * in its base URL (`baseUrlUserinfoUnavailable: true`); with secrets, `apiKey` and `baseUrlUserinfo`
 * are in the encrypted secrets map under the connection's id. Restored without a key, the
 * connection shows "key unavailable" until the user enters one (docs/spec/data-portability.md §2).
 * The default flag is restored only when no other connection is the default. In a merge a taken id
 * becomes a fresh `conn_…` id (docs/decisions/2750); profiles bound to it are rewritten.
 *
 * Errors of an item: `data.item_invalid`, `secrets.key_unavailable`.
 */
import { missingApiKeyLabel } from "../../../domain/models/connection";
import { AppError } from "../../../domain/errors";
import { randomSecret } from "../../../domain/ids";
import type { ModelConnectionRecord } from "../../../domain/models/connection";
import type { ModelConnectionRepository } from "../../../ports/model-connection-repository";
import type { SecretCipher } from "../../../ports/secret-cipher";
import type { ArchiveKind } from "../kind";

const aad = (id: string) => `model-connection:${id}:apiKey`;

interface ArchivedConnection extends ModelConnectionRecord {
  apiKeyUnavailable: true;
  baseUrlUserinfoUnavailable?: true;
}

function splitUserinfo(baseUrl: string | null): { url: string | null; userinfo: string | null } {
  if (baseUrl === null) return { url: null, userinfo: null };
  try {
    const url = new URL(baseUrl);
    if (!url.username && !url.password) return { url: baseUrl, userinfo: null };
    const userinfo = `${url.username}${url.password ? `:${url.password}` : ""}`;
    url.username = "";
    url.password = "";
    return { url: baseUrl.replace(`${userinfo}@`, ""), userinfo };
  } catch {
    return { url: baseUrl, userinfo: null };
  }
}

export interface ConnectionKindDeps {
  repo: ModelConnectionRepository;
  cipher: SecretCipher;
  transaction<T>(fn: () => T): T;
}

export function modelConnectionsKind(deps: ConnectionKindDeps): ArchiveKind {
  const { repo, cipher } = deps;
  return {
    name: "connections",
    version: 1,
    list: () => repo.list().map((c) => c.record.id),
    async exportItem(id) {
      const stored = repo.get(id);
      if (!stored) return null;
      const { url, userinfo } = splitUserinfo(stored.record.baseUrl);
      const archived: ArchivedConnection = {
        ...stored.record,
        baseUrl: url,
        apiKeyUnavailable: true,
        ...(userinfo ? { baseUrlUserinfoUnavailable: true as const } : {}),
      };
      return { files: { "connection.json": JSON.stringify(archived) } };
    },
    async secrets() {
      const out: Record<string, Record<string, string>> = {};
      for (const stored of repo.list()) {
        const secret: Record<string, string> = {};
        try {
          secret.apiKey = await cipher.open(stored.apiKey, aad(stored.record.id));
        } catch {
          /* a key sealed under another DATA_KEY cannot be exported */
        }
        const { userinfo } = splitUserinfo(stored.record.baseUrl);
        if (userinfo) secret.baseUrlUserinfo = userinfo;
        if (Object.keys(secret).length > 0) out[stored.record.id] = secret;
      }
      return out;
    },
    exists: (id) => repo.get(id) !== null,
    newId(_id, taken) {
      for (;;) {
        // The id form of ModelConnectionService.create.
        const id = `conn_${randomSecret(12)}`;
        if (!taken(id)) return id;
      }
    },
    async importItem(item, { secrets, replace, targetId }) {
      const archived = item.json<ArchivedConnection>("connection.json");
      if (archived?.id !== item.id || typeof archived.name !== "string" || typeof archived.modelId !== "string")
        throw new AppError("data.item_invalid", `The model connection ${item.id} is incomplete.`);
      const { apiKeyUnavailable: _k, baseUrlUserinfoUnavailable: _u, ...fields } = archived;
      const record = { ...fields, id: targetId };
      if (secrets?.baseUrlUserinfo && record.baseUrl) {
        const url = new URL(record.baseUrl);
        record.baseUrl = record.baseUrl.replace(`${url.protocol}//`, `${url.protocol}//${secrets.baseUrlUserinfo}@`);
      }
      // Without the key, a seal under a different label: it never opens, so the key shows as unavailable.
      const apiKey =
        secrets?.apiKey !== undefined
          ? await cipher.seal(secrets.apiKey, aad(targetId))
          : await cipher.seal("", missingApiKeyLabel(targetId));
      deps.transaction(() => {
        const wasDefault = repo.get(targetId)?.record.isDefault === true;
        if (replace) repo.delete(targetId);
        repo.insert({ record: { ...record, isDefault: false }, apiKey });
        if (record.isDefault && (wasDefault || repo.getDefault() === null)) repo.setDefault(targetId);
      });
    },
  };
}
