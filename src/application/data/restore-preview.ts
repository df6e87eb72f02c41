/**
 * Restore, first half (docs/spec/data-portability.md §3): stage the archive (a zip's index is at
 * its end), then preview it: the manifest, the format version, the secrets (decrypted with the
 * passphrase and re-sealed under DATA_KEY until the restore runs; the passphrase is not kept), the
 * item counts by kind and the items that already exist here (conflicts). A preview that fails
 * removes the staged bytes: nothing of a bad archive stays.
 *
 * Errors: `data.archive_too_large` (413), `data.archive_invalid` (400; truncated, not a zip, no
 * manifest), `data.format_unsupported` (400; written by a newer server), `data.passphrase_required`
 * (400), `data.passphrase_wrong` (400), `data.restore_not_found` (404), `data.restore_state` (409),
 * the zip limit codes of ports/data-archive ArchiveCodec.
 */
import { AppError } from "../../domain/errors";
import {
  ARCHIVE_APP,
  ARCHIVE_FORMAT_VERSION,
  MANIFEST_ENTRY,
  SECRETS_ENTRY,
  type ArchiveManifest,
  type EncryptedSecrets,
} from "../../domain/data/archive-format";
import { DATA_LIMITS } from "../../domain/data/limits";
import type { RestorePreview, UploadView } from "../../contracts/data-views";
import type { RangeSource, RestoreRecord, ZipIndexEntry } from "../../ports/data-archive";
import { DATA_EXPIRY_JOB, iso, type DataDeps } from "./deps";

/** Additional authenticated data of a staged restore's re-sealed secrets. */
export const restoreSecretsAad = (restoreId: string) => `data-restore:${restoreId}:secrets`;

export function requireRestore(deps: DataDeps, restoreId: string): RestoreRecord {
  const record = deps.restores.get(restoreId);
  if (!record || record.expiresAt <= deps.clock.now())
    throw new AppError("data.restore_not_found", "This restore does not exist or has expired; upload the file again.");
  return record;
}

function tooLarge(): AppError {
  return new AppError(
    "data.archive_too_large",
    `The archive is larger than ${DATA_LIMITS.archiveBytes / (1024 * 1024)} MiB.`,
    { maxBytes: DATA_LIMITS.archiveBytes },
  );
}

/**
 * Appends `body` to restore `restoreId` (a new one when undefined) in ≤ 1 MiB rows. `offset`, when
 * given, must equal the bytes staged so far (a resumed part is refused with `data.upload_offset`).
 */
export async function stageUpload(
  deps: DataDeps,
  body: ReadableStream<Uint8Array>,
  restoreId?: string,
  offset?: number,
): Promise<UploadView> {
  let id = restoreId;
  if (id === undefined) {
    const now = deps.clock.now();
    id = `rst_${crypto.randomUUID().replaceAll("-", "")}`;
    deps.restores.create({
      id,
      status: "staging",
      bytes: 0,
      manifest: null,
      preview: null,
      secretsSealed: null,
      strategy: null,
      idMap: null,
      done: 0,
      total: 0,
      error: null,
      createdAt: now,
      finishedAt: null,
      expiresAt: now + DATA_LIMITS.retentionMs,
    });
    deps.scheduler.scheduleBy(DATA_EXPIRY_JOB, "", now + DATA_LIMITS.retentionMs);
  }
  const record = requireRestore(deps, id);
  if (record.status !== "staging")
    throw new AppError("data.restore_state", "This archive was already previewed; upload a new one to add parts.");
  if (offset !== undefined && offset !== record.bytes)
    throw new AppError(
      "data.upload_offset",
      `This upload has ${record.bytes} bytes; send the part that starts there.`,
      {
        bytes: record.bytes,
      },
    );
  let size = record.bytes;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    const data = new Uint8Array(pendingBytes);
    let at = 0;
    for (const part of pending) {
      data.set(part, at);
      at += part.byteLength;
    }
    size = deps.restores.append(id, data);
    pending = [];
    pendingBytes = 0;
  };
  const reader = body.getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        throw new AppError("http.body_incomplete", "The upload ended before it was complete (it was interrupted).");
      }
      if (next.done) break;
      if (size + pendingBytes + next.value.byteLength > DATA_LIMITS.archiveBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      pending.push(next.value);
      pendingBytes += next.value.byteLength;
      if (pendingBytes >= DATA_LIMITS.chunkBytes) flush();
    }
    flush();
  } catch (error) {
    deps.restores.remove(id);
    throw error;
  }
  return { restoreId: id, bytes: size };
}

/** A RangeSource over a staged restore. */
export function stagedSource(deps: DataDeps, record: RestoreRecord): RangeSource {
  return { size: record.bytes, read: (offset, length) => deps.restores.read(record.id, offset, length) };
}

/** Reads and checks the manifest. */
export function readManifest(deps: DataDeps, source: RangeSource, index: ZipIndexEntry[]): ArchiveManifest {
  const entry = index.find((e) => e.name === MANIFEST_ENTRY);
  if (!entry)
    throw new AppError("data.archive_invalid", "This .zip is not a TavernEdge account archive (no manifest.json).");
  let manifest: ArchiveManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(deps.codec.read(source, entry))) as ArchiveManifest;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("data.archive_invalid", "The archive's manifest.json is not JSON.");
  }
  if (manifest?.app !== ARCHIVE_APP || typeof manifest.sections !== "object" || manifest.sections === null)
    throw new AppError("data.archive_invalid", "This .zip is not a TavernEdge account archive.");
  if (!Number.isInteger(manifest.formatVersion) || manifest.formatVersion > ARCHIVE_FORMAT_VERSION)
    throw new AppError(
      "data.format_unsupported",
      `This archive has format ${String(manifest.formatVersion)}; this server reads up to ${ARCHIVE_FORMAT_VERSION}. Update the server first.`,
      { formatVersion: manifest.formatVersion, supported: ARCHIVE_FORMAT_VERSION },
    );
  return manifest;
}

/**
 * Previews restore `restoreId` (staged); `passphrase` opens the archive's secrets when present.
 * With `keepForRetry` (an upload staged in parts) a missing or wrong passphrase keeps the staged
 * bytes so the preview can be asked again; every other failure removes them.
 */
export async function previewRestore(
  deps: DataDeps,
  restoreId: string,
  passphrase?: string,
  keepForRetry = false,
): Promise<RestorePreview> {
  const record = requireRestore(deps, restoreId);
  if (record.status !== "staging" && record.status !== "previewed")
    throw new AppError("data.restore_state", "This archive is being restored or was restored already.");
  try {
    if (record.bytes === 0) throw new AppError("data.archive_invalid", "The upload is empty.");
    const source = stagedSource(deps, record);
    const index = deps.codec.index(source);
    const manifest = readManifest(deps, source, index);
    let secretsSealed: string | null = null;
    const secretsEntry = index.find((e) => e.name === SECRETS_ENTRY);
    if (secretsEntry) {
      if (passphrase === undefined || passphrase === "")
        throw new AppError(
          "data.passphrase_required",
          "This archive holds encrypted secrets: type the passphrase it was exported with.",
        );
      let encrypted: EncryptedSecrets;
      try {
        encrypted = JSON.parse(new TextDecoder().decode(deps.codec.read(source, secretsEntry))) as EncryptedSecrets;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError("data.archive_invalid", "The archive's secrets.json is not JSON.");
      }
      const plaintext = await deps.codec.decrypt(encrypted, passphrase);
      secretsSealed = JSON.stringify(await deps.cipher.seal(plaintext, restoreSecretsAad(restoreId)));
    }
    const counts: Record<string, number> = {};
    const conflicts: RestorePreview["conflicts"] = [];
    const unknownKinds: string[] = [];
    for (const [name, section] of Object.entries(manifest.sections)) {
      const items = Array.isArray(section?.items) ? section.items.filter((i) => typeof i === "string") : [];
      counts[name] = items.length;
      const kind = deps.kinds.find((k) => k.name === name);
      if (!kind) {
        unknownKinds.push(name);
        continue;
      }
      for (const itemId of items) if (kind.exists(itemId)) conflicts.push({ kind: name, itemId });
    }
    const preview: RestorePreview = {
      restoreId,
      formatVersion: manifest.formatVersion,
      exportedAt: iso(Number(manifest.exportedAt) || 0)!,
      includeRuns: manifest.includeRuns === true,
      includeSecrets: secretsEntry !== undefined,
      bytes: record.bytes,
      counts,
      conflicts,
      unknownKinds,
    };
    deps.restores.update(restoreId, {
      status: "previewed",
      manifest: JSON.stringify(manifest),
      preview: JSON.stringify(preview),
      secretsSealed,
    });
    return preview;
  } catch (error) {
    // A wrong passphrase may be typed again; any other failure drops the staged bytes.
    const retry =
      error instanceof AppError && ["data.passphrase_wrong", "data.passphrase_required"].includes(error.code);
    if (!(keepForRetry && retry)) deps.restores.remove(restoreId);
    throw error;
  }
}
