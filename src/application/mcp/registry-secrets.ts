/**
 * Sealing and opening of a registration's secrets (docs/spec/hosted.md §4): the header map (one
 * envelope of its JSON, aad `mcp:<id>:headers`) and the endpoint userinfo (aad
 * `mcp:<id>:endpoint-userinfo`). Nothing is sealed when there is nothing secret, so a
 * registration without headers or userinfo can be saved without a DATA_KEY.
 *
 * Errors: `secrets.key_unavailable` (no usable DATA_KEY; raised before anything is written),
 * `secrets.key_mismatch` (sealed under another key).
 */
import { parseEndpoint, withUserinfo } from "../../domain/mcp/endpoint";
import type { SealedSecret, SecretCipher } from "../../ports/secret-cipher";
import type { StoredRegistration } from "../../ports/mcp-registration-repository";

/** Additional authenticated data binding the header envelope to its registration. */
export const headersAad = (registrationId: string): string => `mcp:${registrationId}:headers`;
/** Additional authenticated data binding the userinfo envelope to its registration. */
export const userinfoAad = (registrationId: string): string => `mcp:${registrationId}:endpoint-userinfo`;

/** The sealed form of an endpoint and header map. */
export interface SealedConnection {
  endpoint: string;
  sealedUserinfo: SealedSecret | null;
  sealedHeaders: SealedSecret | null;
}

/** Seals `headers` and the userinfo of `normalizedEndpoint` for registration `id`. */
export async function sealConnection(
  cipher: SecretCipher,
  id: string,
  normalizedEndpoint: string,
  headers: Record<string, string>,
): Promise<SealedConnection> {
  const parsed = parseEndpoint(normalizedEndpoint);
  const sealedUserinfo = parsed.userinfo === null ? null : await cipher.seal(parsed.userinfo, userinfoAad(id));
  const sealedHeaders =
    Object.keys(headers).length === 0 ? null : await cipher.seal(JSON.stringify(headers), headersAad(id));
  return { endpoint: parsed.withoutUserinfo, sealedUserinfo, sealedHeaders };
}

/** Opens a stored record's secrets: the full normalized endpoint and the header map. */
export async function openConnection(
  cipher: SecretCipher,
  record: StoredRegistration,
): Promise<{ endpoint: string; headers: Record<string, string> }> {
  const userinfo = record.sealedUserinfo ? await cipher.open(record.sealedUserinfo, userinfoAad(record.id)) : null;
  const headers = record.sealedHeaders
    ? (JSON.parse(await cipher.open(record.sealedHeaders, headersAad(record.id))) as Record<string, string>)
    : {};
  return { endpoint: withUserinfo(record.endpoint, userinfo), headers };
}
