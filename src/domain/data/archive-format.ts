/**
 * The account archive (docs/spec/data-portability.md §1): one `.zip` holding `manifest.json`, one
 * folder per kind (`<kind>/<itemId>/…`), content-addressed `blobs/<sha256>` shared by runs and
 * skills, and `secrets.json` (passphrase-encrypted) when the user asked for secrets.
 *
 * `formatVersion` grows only when an older reader would misread the archive; a kind added later
 * (e.g. characters, World Info) is a new section that older archives simply do not have, and a
 * reader skips sections it does not know (reported as refused with `data.kind_unknown`).
 */

/** The archive format this server writes and the newest it reads. */
export const ARCHIVE_FORMAT_VERSION = 1;
/** `manifest.json`'s `app`. */
export const ARCHIVE_APP = "tavernedge";
export const MANIFEST_ENTRY = "manifest.json";
export const SECRETS_ENTRY = "secrets.json";
export const BLOB_PREFIX = "blobs/";

/** What one kind's section lists: the item ids, in export order, and the kind's own version. */
export interface ArchiveSection {
  version: number;
  items: string[];
}

/** How secrets were encrypted (written in the archive so a reader needs nothing else). */
export interface PassphraseParameters {
  kdf: { name: "PBKDF2"; hash: "SHA-256"; iterations: number; salt: string };
  cipher: { name: "AES-GCM"; length: 256; iv: string };
}

/** `secrets.json`: the parameters and the base64 AES-GCM ciphertext of the secrets map's JSON. */
export interface EncryptedSecrets extends PassphraseParameters {
  ciphertext: string;
}

/** `manifest.json`. Times are ms epoch. */
export interface ArchiveManifest {
  formatVersion: number;
  app: typeof ARCHIVE_APP;
  exportedAt: number;
  userId: string;
  includeRuns: boolean;
  includeSecrets: boolean;
  sections: Record<string, ArchiveSection>;
}

/** Export options of `POST /api/v1/export`. */
export interface ExportOptions {
  includeRuns: boolean;
  includeSecrets: boolean;
}

/** The folder of one item: `<kind>/<itemId>/`. Item ids never contain `/`. */
export const itemFolder = (kind: string, itemId: string): string => `${kind}/${encodeURIComponent(itemId)}/`;
