/**
 * The chat page's character and World Info pickers (docs/spec/characters.md §4,
 * docs/spec/worldinfo.md §4): link the chat to a library character (or none), and attach World Info
 * books to this chat. Books attached globally or to the character apply too (said under the list).
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import type { Chat } from "../chats/types";
import { useAction } from "../state/use-action";
import { useBooks, useWorldInfoApi } from "../worldinfo/use-books";
import { useCharacters, useCharactersApi } from "./use-characters";
import "./characters.css";

export function ChatLorePickers({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const selectId = useId();
  const { list: characters } = useCharacters();
  const { list: books } = useBooks();
  const charactersApi = useCharactersApi();
  const worldInfo = useWorldInfoApi();
  const link = useAction((characterId: string) => charactersApi.linkChat(chat.id, characterId || null), {
    toastErrors: false,
  });
  const toggle = useAction(
    (bookId: string, on: boolean) => {
      const here = [{ scope: "chat" as const, id: chat.id }];
      return worldInfo.update(bookId, on ? { attach: here } : { detach: here });
    },
    { toastErrors: false },
  );
  const attached = (book: NonNullable<typeof books>[number]) =>
    book.attachments.some((a) => a.scope === "chat" && a.id === chat.id);
  const alsoApplies = (books ?? []).filter(
    (b) =>
      !attached(b) &&
      b.attachments.some(
        (a) =>
          a.scope === "global" ||
          (a.scope === "character" && chat.characterId !== undefined && a.id === chat.characterId),
      ),
  );
  return (
    <section className="card stack" aria-labelledby="chat-lore-title">
      <h2 id="chat-lore-title">{t("characters.chat.title")}</h2>
      <div className="lore-pickers">
        <div className="field">
          <label htmlFor={selectId}>{t("characters.chat.character")}</label>
          <select
            id={selectId}
            value={chat.characterId ?? ""}
            onChange={(e) => void link.run(e.target.value)}
            disabled={link.busy || characters === null}
          >
            <option value="">{t("characters.chat.noCharacter")}</option>
            {(characters ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="lore-books">
          <legend>{t("characters.chat.books")}</legend>
          {books?.length === 0 && <span className="muted">{t("characters.chat.noBooks")}</span>}
          {(books ?? []).map((book) => (
            <label key={book.id} className="checkbox">
              <input
                type="checkbox"
                checked={attached(book)}
                disabled={toggle.busy}
                onChange={(e) => void toggle.run(book.id, e.target.checked)}
              />{" "}
              {book.name}
            </label>
          ))}
        </fieldset>
      </div>
      {alsoApplies.length > 0 && (
        <p className="muted">
          {t("characters.chat.alsoApplies", { names: alsoApplies.map((b) => b.name).join(", ") })}
        </p>
      )}
      <ErrorNote error={link.error ?? toggle.error} />
    </section>
  );
}
