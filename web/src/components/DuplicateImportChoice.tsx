/**
 * What to do when an imported card or World Info file is already in the library (the server's
 * `character.import_duplicate` / `worldinfo.import_duplicate`, docs/spec/characters.md §2 "The
 * same card twice"): the sentence naming the existing item, then "Import as a copy" (the same file
 * again with `onDuplicate=copy`) or "Open the existing one", as a neutral notice (nothing failed: the
 * user chooses). Any other error shows as an ErrorNote.
 * `useFileImport` wires it to an importer (the card and World Info imports).
 */
import { useState, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorLike } from "../i18n/errors";
import { useAction } from "../state/use-action";
import { BusyButton } from "./BusyButton";
import { ErrorNote, ErrorText } from "./ErrorNote";

/** The existing item of a duplicate-import error, or null for any other error. */
export function duplicateOf(error: ErrorLike | null): { id: string; name: string } | null {
  if (!error?.code.endsWith(".import_duplicate")) return null;
  const existing = (error.details as { existing?: { id?: unknown; name?: unknown } } | undefined)?.existing;
  return typeof existing?.id === "string" && typeof existing.name === "string"
    ? { id: existing.id, name: existing.name }
    : null;
}

export function DuplicateImportChoice({
  error,
  busy,
  onCopy,
  onOpen,
}: {
  error: ErrorLike | null;
  busy: boolean;
  onCopy(): void;
  onOpen(id: string): void;
}) {
  const { t } = useTranslation();
  const existing = duplicateOf(error);
  if (!error || !existing) return <ErrorNote error={error} />;
  return (
    <div className="import-notice stack" role="status" data-testid="duplicate-import">
      <span>
        <ErrorText error={error} />
      </span>
      <div className="row">
        <BusyButton busy={busy} variant="secondary" onClick={onCopy}>
          {t("common.importAsCopy")}
        </BusyButton>
        <button type="button" className="btn btn-primary" onClick={() => onOpen(existing.id)}>
          {t("common.openExisting")}
        </button>
      </div>
    </div>
  );
}

/**
 * An import of a chosen file that keeps the file, so a duplicate refusal can be answered: `run`
 * uploads (`upload(file, copy)`), `choice` is the refusal's note with its two buttons ("Import as
 * a copy" uploads the same file with `copy`; "Open the existing one" calls `onOpenExisting`). The
 * file input (`input`) is cleared after a success or an open.
 */
export function useFileImport(
  upload: (file: File, copy: boolean) => Promise<void>,
  input: RefObject<HTMLInputElement | null>,
  onOpenExisting: (id: string) => void,
): { run(file: File): void; busy: boolean; choice: ReactNode } {
  const [picked, setPicked] = useState<File | null>(null);
  const clearInput = () => {
    if (input.current) input.current.value = "";
  };
  const action = useAction(
    async (file: File, copy?: boolean) => {
      setPicked(file);
      await upload(file, copy === true);
      clearInput();
    },
    { toastErrors: false },
  );
  const choice = (
    <DuplicateImportChoice
      error={action.error}
      busy={action.busy}
      onCopy={() => picked && void action.run(picked, true)}
      onOpen={(id) => {
        action.clearError();
        clearInput();
        onOpenExisting(id);
      }}
    />
  );
  return { run: (file) => void action.run(file), busy: action.busy, choice };
}
