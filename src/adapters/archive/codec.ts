/** The ArchiveCodec of ports/data-archive: zip writer/reader and passphrase box. */
import type { ArchiveCodec } from "../../ports/data-archive";
import { decryptWithPassphrase, encryptWithPassphrase } from "../crypto/passphrase-box";
import { readZipEntry, readZipIndex } from "./zip-reader";
import { zipEnd, zipEntry } from "./zip-writer";

export const archiveCodec: ArchiveCodec = {
  entry: zipEntry,
  end: zipEnd,
  index: (source) => readZipIndex(source),
  read: (source, entry) => readZipEntry(source, entry),
  encrypt: encryptWithPassphrase,
  decrypt: decryptWithPassphrase,
};
