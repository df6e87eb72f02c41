/**
 * The World Info screen (docs/spec/worldinfo.md): books (import a SillyTavern World Info JSON,
 * create one, open one), the global settings, and the "test activation" box; `/worldinfo/<id>`
 * is the book editor. Live on every device (`worldinfo.changed`).
 */
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useFileImport } from "../components/DuplicateImportChoice";
import { ErrorNote } from "../components/ErrorNote";
import { FileDrop } from "../components/FileDrop";
import { Link } from "../shell/Link";
import { navigate, usePath } from "../shell/router";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { ActivationTest } from "./ActivationTest";
import { BookEditor } from "./BookEditor";
import { SettingsForm } from "./SettingsForm";
import { useBooks, useWorldInfoApi } from "./use-books";
import { importBookFile } from "./worldinfo-api";
import "../characters/characters.css";

export function WorldInfoScreen() {
  const path = usePath();
  const id = path.startsWith("/worldinfo/") ? decodeURIComponent(path.slice("/worldinfo/".length)) : "";
  return id ? <BookEditor bookId={id} /> : <BookLibrary />;
}

function BookLibrary() {
  const { t } = useTranslation();
  const services = useServices();
  const api = useWorldInfoApi();
  const { list, error } = useBooks();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const openBook = (id: string) => navigate(`/worldinfo/${encodeURIComponent(id)}`);
  const upload = useFileImport(
    async (file, copy) => openBook((await importBookFile(services, file, copy)).id),
    input,
    openBook,
  );
  const create = useAction(
    async (bookName: string) => {
      const book = await api.create(bookName);
      setName("");
      navigate(`/worldinfo/${encodeURIComponent(book.id)}`);
    },
    { toastErrors: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) void create.run(name.trim());
  };
  return (
    <div className="screen worldinfo-screen">
      <header>
        <h1>{t("worldinfo.title")}</h1>
        <p className="muted">{t("worldinfo.intro")}</p>
      </header>
      <section className="card stack" aria-labelledby="wi-import-title">
        <h2 id="wi-import-title">{t("worldinfo.import.title")}</h2>
        <FileDrop
          label={t("worldinfo.import.choose")}
          accept=".json,application/json"
          onFile={upload.run}
          inputRef={input}
        />
        {upload.choice}
        <form className="row" onSubmit={submit}>
          <label className="field">
            <span>{t("worldinfo.import.newName")}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          </label>
          <BusyButton type="submit" variant="secondary" busy={create.busy} disabled={name.trim() === ""}>
            {t("worldinfo.import.create")}
          </BusyButton>
        </form>
        <ErrorNote error={create.error} />
      </section>
      <section aria-labelledby="wi-books-title" className="stack">
        <h2 id="wi-books-title">{t("worldinfo.booksTitle")}</h2>
        <ErrorNote error={error} />
        {list === null && !error && <p role="status">{t("worldinfo.loading")}</p>}
        {list?.length === 0 && <p className="muted">{t("worldinfo.empty")}</p>}
        <ul className="stack">
          {(list ?? []).map((book) => (
            <li key={book.id} className="card">
              <Link href={`/worldinfo/${encodeURIComponent(book.id)}`}>{book.name}</Link>{" "}
              <small className="muted">
                {t("worldinfo.entryCount", { count: book.entryCount })}
                {book.attachments.some((a) => a.scope === "global") ? ` · ${t("worldinfo.book.globalShort")}` : ""}
              </small>
            </li>
          ))}
        </ul>
      </section>
      <SettingsForm />
      <ActivationTest />
    </div>
  );
}
