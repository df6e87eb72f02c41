/**
 * Import a character card: choose or drop a PNG card (or a card JSON). The server reads `ccv3`
 * before `chara`; refusals show the localized sentence for the code (no card in the PNG, a
 * truncated file, over 8 MiB, an invalid regex key in its lorebook, a photo or text file); a card
 * already in the library offers "Import as a copy" or "Open the existing one".
 */
import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { DuplicateImportChoice } from "../components/DuplicateImportChoice";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { importCardFile } from "./characters-api";

export function ImportCard({ onImported }: { onImported(id: string): void }) {
  const { t } = useTranslation();
  const services = useServices();
  const { show } = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [picked, setPicked] = useState<File | null>(null);
  const upload = useAction(
    async (file: File, copy?: boolean) => {
      setPicked(file);
      const character = await importCardFile(services, file, copy === true);
      show({ kind: "success", message: t("characters.import.done", { name: character.name }) });
      if (input.current) input.current.value = "";
      onImported(character.id);
    },
    { toastErrors: false },
  );
  const choose = (file: File | undefined) => {
    if (file) void upload.run(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  return (
    <section className="card stack" aria-labelledby="character-import-title">
      <h2 id="character-import-title">{t("characters.import.title")}</h2>
      <label
        className={`card-drop${dragging ? " card-drop-active" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>{t("characters.import.drop")}</span>
        <input
          ref={input}
          type="file"
          accept=".png,.json,image/png,application/json"
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="character-import-input"
        />
        <small className="muted">{t("characters.import.help")}</small>
      </label>
      {upload.busy && <p role="status">{t("characters.import.busy")}</p>}
      <DuplicateImportChoice
        error={upload.error}
        busy={upload.busy}
        onCopy={() => picked && void upload.run(picked, true)}
        onOpen={(id) => {
          upload.clearError();
          if (input.current) input.current.value = "";
          onImported(id);
        }}
      />
    </section>
  );
}
