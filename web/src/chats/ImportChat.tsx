/**
 * Import a SillyTavern chat (.jsonl): a labelled file input and an Import button. The file is sent
 * as the raw request body (streamed by the browser). A bad line is reported with its line number
 * (`chat.import_invalid_line`, details.line) and nothing is imported.
 */
import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { importChatFile } from "./file-transfer";
import type { Chat } from "./types";

function importProblem(error: { code: string; message: string } | null, details: unknown): string | null {
  if (!error) return null;
  const line = details && typeof details === "object" ? (details as { line?: unknown }).line : undefined;
  return typeof line === "number" && !error.message.includes(String(line))
    ? `${error.message} (line ${line})`
    : error.message;
}

export function ImportChat({ onImported }: { onImported(chat: Chat): void }) {
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
        show({ kind: "success", message: `Imported “${chat.title}” (${chat.messageCount} messages).` });
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
  const problem = importProblem(upload.error, details);
  return (
    <form className="card chat-import" onSubmit={submit} aria-labelledby="import-title">
      <h2 id="import-title">Import a SillyTavern chat</h2>
      <div className="row">
        <label className="field chat-file">
          <span>Chat file (.jsonl)</span>
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
        <BusyButton type="submit" busy={upload.busy} busyLabel="Importing…" disabled={!file}>
          Import
        </BusyButton>
      </div>
      {problem && upload.error && (
        <p className="error-note" role="alert">
          {problem} <code>{upload.error.code}</code>
        </p>
      )}
    </form>
  );
}
