/**
 * `/worldinfo/<bookId>`: a book's entries (each folded, editable), "Add entry", rename, apply to
 * every chat (global), export as SillyTavern JSON, delete. Edits carry the book's revision
 * (`worldinfo.revision_conflict` when another device saved first: the book is re-read).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EditorScreen } from "../components/EditorScreen";
import { ErrorNote } from "../components/ErrorNote";
import { InlineRenameForm } from "../components/InlineRenameForm";
import { Link } from "../shell/Link";
import { navigate } from "../shell/router";
import { useServices } from "../state/services";
import { useLiveRecord } from "../components/use-live-record";
import { useAction } from "../state/use-action";
import { ActivationTest } from "./ActivationTest";
import { EntryEditor } from "./EntryEditor";
import type { BookView, WorldEntry } from "./types";
import { useWorldInfoApi } from "./use-books";
import { exportBook } from "./worldinfo-api";

export function BookEditor({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const api = useWorldInfoApi();
  const [book, setBook] = useState<BookView | null>(null);
  const [renaming, setRenaming] = useState(false);
  const { load, reload, removed } = useLiveRecord({
    frame: "worldinfo.changed",
    isMine: (frame) => frame.bookId === bookId,
    load: async () => setBook(await api.get(bookId)),
  });
  const edit = useAction(
    async (change: (current: BookView) => Promise<BookView>) => {
      if (!book) return;
      try {
        setBook(await change(book));
      } catch (error) {
        if ((error as { code?: string }).code === "worldinfo.revision_conflict") void reload();
        throw error;
      }
    },
    { toastErrors: false },
  );
  const global = book?.attachments.some((a) => a.scope === "global") ?? false;
  const remove = useAction(async () => {
    if (!book || !window.confirm(t("worldinfo.book.confirmDelete", { name: book.name }))) return;
    await api.remove(book.id);
    navigate("/worldinfo");
  });
  return (
    <EditorScreen
      className="book-editor"
      back={{ href: "/worldinfo", label: t("worldinfo.book.back") }}
      title={book ? book.name : t("worldinfo.loading")}
      error={load.error}
      removedNotice={removed ? t("worldinfo.book.removed") : null}
    >
      {book && (
        <>
          <div className="card stack">
            {renaming ? (
              <InlineRenameForm
                current={book.name}
                label={t("worldinfo.book.rename")}
                maxLength={200}
                save={(name) => api.update(book.id, { name })}
                onDone={(updated) => {
                  if (updated) setBook(updated);
                  setRenaming(false);
                }}
              />
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => setRenaming(true)}>
                {t("worldinfo.book.rename")}
              </button>
            )}
            <label className="checkbox">
              <input
                type="checkbox"
                checked={global}
                onChange={(e) =>
                  void edit.run((b) =>
                    api.update(
                      b.id,
                      e.target.checked ? { attach: [{ scope: "global" }] } : { detach: [{ scope: "global" }] },
                    ),
                  )
                }
              />{" "}
              {t("worldinfo.book.global")}
            </label>
            {book.characterId && (
              <Link href={`/characters/${encodeURIComponent(book.characterId)}`}>{t("worldinfo.book.character")}</Link>
            )}
            <div className="row">
              <button type="button" className="btn btn-secondary" onClick={() => void exportBook(services, book.id)}>
                {t("worldinfo.book.export")}
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void remove.run()}>
                {t("worldinfo.book.delete")}
              </button>
            </div>
          </div>
          <ErrorNote error={edit.error ?? remove.error} />
          <section aria-labelledby="entries-title" className="stack">
            <div className="card-head">
              <h2 id="entries-title">{t("worldinfo.book.entries", { count: book.entries.length })}</h2>
              <button
                type="button"
                className="btn btn-primary"
                // One add at a time: a second tap would carry the revision the first one replaced.
                disabled={edit.busy}
                onClick={() =>
                  void edit.run((b) =>
                    api.addEntry(b.id, { key: [], content: "", comment: t("worldinfo.entry.new") }, b.revision),
                  )
                }
              >
                {t("worldinfo.book.addEntry")}
              </button>
            </div>
            {book.entries.map((entry) => (
              <EntryEditor
                key={`${entry.uid}:${book.revision}`}
                entry={entry as WorldEntry}
                busy={edit.busy}
                error={null}
                onSave={(next) => void edit.run((b) => api.putEntry(b.id, next, b.revision))}
                onDelete={() => void edit.run((b) => api.deleteEntry(b.id, entry.uid, b.revision))}
              />
            ))}
          </section>
          <ActivationTest bookIds={[book.id]} />
        </>
      )}
    </EditorScreen>
  );
}
