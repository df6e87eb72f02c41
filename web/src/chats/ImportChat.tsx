/**
 * Import a SillyTavern chat (.jsonl): a labelled file input and an Import button. The file is sent
 * as the raw request body (streamed by the browser). A bad line is reported with its line number
 * (`chat.import_invalid_line`, details.line) and nothing is imported. A toast says whether the chat
 * was linked to the library character its file names (or why not).
 */
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { importChatFile } from "./file-transfer";
import type { Chat } from "./types";

export function ImportChat({ onImported }: { onImported(chat: Chat): void }) {
  const { t } = useTranslation();
  const services = useServices();
  const { show } = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState<unknown>(null);
  const upload = useAction(
    async (chosen: File) => {
      try {
        const chat = await importChatFile(services, chosen);
        onImported(chat);
        show({ kind: "success", message: t("chats.import.done", { title: chat.title, count: chat.messageCount }) });
        const link = chat.characterLink;
        if (link.status !== "no_name")
          show({
            kind: link.status === "linked" ? "success" : "info",
            message: t(`chats.import.link.${link.status}`, link),
          });
        setFile(null);
        if (input.current) input.current.value = "";
      } catch (error) {
        setDetails(error instanceof ApiError ? error.details : null);
        throw error;
      }
    },
    { toastErrors: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) void upload.run(file);
  };
  return (
    <form className="card chat-import" onSubmit={submit} aria-labelledby="import-title">
      <h2 id="import-title">{t("chats.import.title")}</h2>
      <div className="row">
        <label className="field chat-file">
          <span>{t("chats.import.file")}</span>
          <input
            ref={input}
            type="file"
            accept=".jsonl,.json,.txt,application/x-ndjson,application/jsonl"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              upload.clearError();
            }}
          />
        </label>
        <BusyButton type="submit" busy={upload.busy} busyLabel={t("chats.import.busy")} disabled={!file}>
          {t("chats.import.submit")}
        </BusyButton>
      </div>
      <ErrorNote error={upload.error && { ...upload.error, details: upload.error.details ?? details }} />
    </form>
  );
}
