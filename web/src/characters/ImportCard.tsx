/**
 * Import a character card: choose or drop a PNG card (or a card JSON). The server reads `ccv3`
 * before `chara`; refusals show the localized sentence for the code (no card in the PNG, a
 * truncated file, over 8 MiB, an invalid regex key in its lorebook, a photo or text file); a card
 * already in the library offers "Import as a copy" or "Open the existing one".
 */
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFileImport } from "../components/DuplicateImportChoice";
import { FileDrop } from "../components/FileDrop";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { importCardFile } from "./characters-api";

export function ImportCard({ onImported }: { onImported(id: string): void }) {
  const { t } = useTranslation();
  const services = useServices();
  const { show } = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileImport(
    async (file, copy) => {
      const character = await importCardFile(services, file, copy);
      show({ kind: "success", message: t("characters.import.done", { name: character.name }) });
      onImported(character.id);
    },
    input,
    onImported,
  );
  return (
    <section className="card stack" aria-labelledby="character-import-title">
      <h2 id="character-import-title">{t("characters.import.title")}</h2>
      <FileDrop
        label={t("characters.import.drop")}
        help={t("characters.import.help")}
        accept=".png,.json,image/png,application/json"
        onFile={upload.run}
        inputRef={input}
        testId="character-import-input"
      />
      {upload.busy && <p role="status">{t("characters.import.busy")}</p>}
      {upload.choice}
    </section>
  );
}
