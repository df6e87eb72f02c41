/** Inline rename of a chat (PATCH /api/v1/chats/:id {title}); Escape cancels. Titles are 1–200 characters. */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import type { Chat } from "./types";
import { useChatsApi } from "./use-chats-api";

export function ChatRenameForm({ chat, onDone }: { chat: Chat; onDone(updated?: Chat): void }) {
  const chats = useChatsApi();
  const [title, setTitle] = useState(chat.title);
  const save = useAction(async (next: string) => onDone(await chats.rename(chat.id, next)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (next === chat.title) return onDone();
    void save.run(next);
  };
  const key = (event: KeyboardEvent) => {
    if (event.key === "Escape") onDone();
  };
  return (
    <form className="rename" onSubmit={submit} onKeyDown={key}>
      <label className="field">
        <span>New title for “{chat.title}”</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required autoFocus />
      </label>
      <div className="row">
        <BusyButton type="submit" variant="primary" busy={save.busy} busyLabel="Saving…" disabled={title.trim() === ""}>Save</BusyButton>
        <button type="button" className="btn btn-secondary" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  );
}
