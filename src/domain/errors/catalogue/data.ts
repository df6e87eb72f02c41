/** `data.*` error codes (docs/spec/data-portability.md): account export, restore and the operator's view. */
import type { CatalogueEntry } from "./entry";

export const DATA_CODES = {
  "data.archive_invalid": { status: 400, message: "The file is not a readable TavernEdge account archive." },
  "data.archive_too_large": { status: 413, message: "The archive is larger than this server restores." },
  "data.compression_ratio_exceeded": {
    status: 413,
    message: "The archive expands far more than its size; it looks like a zip bomb and was refused.",
  },
  "data.entry_too_large": { status: 413, message: "A file in the archive is larger than 64 MiB." },
  "data.export_busy": { status: 409, message: "An export is already being built; wait for it to finish." },
  "data.export_not_found": { status: 404, message: "This export does not exist or has expired." },
  "data.export_not_ready": { status: 409, message: "This export is still being built." },
  "data.export_too_large": { status: 413, message: "The account is too large for one archive." },
  "data.format_unsupported": {
    status: 400,
    message: "This archive was written by a newer TavernEdge; update the server first.",
  },
  "data.item_busy": { status: 409, message: "This item is in use here now; it was not replaced." },
  "data.item_exists": { status: 409, message: "An item with this id exists here; it was kept as it is." },
  "data.item_invalid": { status: 400, message: "This item of the archive is incomplete or damaged." },
  "data.kind_unknown": { status: 400, message: "This server does not know items of this kind." },
  "data.passphrase_required": {
    status: 400,
    message: "This archive's secrets are encrypted: type the passphrase it was exported with.",
  },
  "data.passphrase_encoding": {
    status: 400,
    message: "The passphrase header starts with UTF-8'' but is not valid percent-encoded UTF-8 (RFC 8187).",
  },
  "data.passphrase_wrong": {
    status: 400,
    message: "The passphrase does not open this archive's secrets. Nothing was imported.",
  },
  "data.restore_not_found": { status: 404, message: "This restore does not exist or has expired." },
  "data.restore_state": { status: 409, message: "This restore cannot do that in its current state." },
  "data.run_not_finished": {
    status: 400,
    message: "This run was still going when it was exported; only finished runs are restored.",
  },
  "data.upload_offset": { status: 409, message: "This part does not start where the upload ends." },
} as const satisfies Record<`data.${string}`, CatalogueEntry>;
