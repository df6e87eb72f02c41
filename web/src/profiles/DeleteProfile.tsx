/** The inline "Delete this profile?" confirmation (`DELETE /agent/profiles/:id`). */
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { useProfilesApi } from "./use-profiles-api";

export function DeleteProfile({
  profile,
  onCancel,
  onDeleted,
}: {
  profile: { id: string; displayName: string };
  onCancel(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation();
  const profiles = useProfilesApi();
  const { show } = useToasts();
  const remove = useAction(async () => {
    await profiles.remove(profile.id);
    show({ kind: "success", message: t("profiles.remove.done", { name: profile.displayName }) });
    onDeleted();
  });
  return (
    <div className="confirm" role="group" aria-label={t("profiles.remove.label", { name: profile.displayName })}>
      <p>
        <Trans
          i18nKey="profiles.remove.confirm"
          values={{ name: profile.displayName, id: profile.id }}
          components={{ code: <code /> }}
        />
      </p>
      <div className="row">
        <BusyButton
          variant="danger"
          busy={remove.busy}
          busyLabel={t("common.deleting")}
          onClick={() => void remove.run()}
          autoFocus
        >
          {t("profiles.remove.submit")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </div>
  );
}
