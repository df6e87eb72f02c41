/**
 * "Export": downloads the portable profile document (`GET /agent/profiles/:id/export`) as
 * `<id>.json`. The server replaces a connection binding with `requiresConfiguration`, so the file
 * carries no reference to this account's connections.
 */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { saveText } from "../components/save-file";
import { useAction } from "../state/use-action";
import { useProfilesApi } from "./use-profiles-api";

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
    saveText(`${profile.id}.json`, `${JSON.stringify(document, null, 2)}\n`);
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
