/**
 * Saving a download in the browser: a temporary object URL clicked through a hidden link (the
 * URL is revoked 10 s later, after the browser has started the download). Shared by the chat,
 * character card, World Info, skill and profile downloads.
 */

/** Saves `blob` as a file named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves `text` as a file named `fileName` of media type `type`. */
export function saveText(fileName: string, text: string, type = "application/json"): void {
  saveBlob(new Blob([text], { type }), fileName);
}
