/** Badges of a profile: built-in/read-only, and "sub-agent only" when it cannot run directly. */
import { useTranslation } from "react-i18next";

export function ProfileBadges({ readOnly, directRunnable }: { readOnly: boolean; directRunnable: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {readOnly && <span className="badge badge-muted">{t("profiles.badges.builtIn")}</span>}
      {!directRunnable && <span className="badge badge-warn-text">{t("profiles.badges.subAgentOnly")}</span>}
    </>
  );
}
