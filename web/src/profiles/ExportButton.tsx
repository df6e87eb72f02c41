/**
 * "Export": downloads the portable profile document (`GET /agent/profiles/:id/export`) as
 * `<id>.json`. The server replaces a connection binding with `requiresConfiguration`, so the file
 * carries no reference to this account's connections.
 */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { useProfilesApi } from "./use-profiles-api";

/** Saves `text` as a file named `fileName` through a temporary download link. */
export function downloadText(fileName: string, text: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButton({
  profile,
  small = true,
}: {
  profile: { id: string; displayName: string };
  small?: boolean;
}) {
  const { t } = useTranslation();
  const profiles = useProfilesApi();
  const download = useAction(async () => {
    const document = await profiles.exportDocument(profile.id);
    downloadText(`${profile.id}.json`, `${JSON.stringify(document, null, 2)}\n`);
  });
  return (
    <BusyButton
      className={small ? "btn-small" : undefined}
      busy={download.busy}
      busyLabel={t("profiles.export.busy")}
      onClick={() => void download.run()}
      aria-label={t("profiles.export.label", { name: profile.displayName })}
    >
      {t("profiles.export.button")}
    </BusyButton>
  );
}
