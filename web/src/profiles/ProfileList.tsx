/** `/profiles`: import, storage issues, and the live list of profiles (default-writer first). */
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { ImportProfile } from "./ImportProfile";
import { ProfileIssues } from "./ProfileIssues";
import { ProfileRow } from "./ProfileRow";
import { useProfileList } from "./use-profile-list";

export function ProfileList() {
  const { t } = useTranslation();
  const { list, loading, error, reload } = useProfileList();
  const ids = list?.profiles.map((p) => p.id) ?? [];
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t("profiles.title")}</h1>
      <p className="muted">{t("profiles.intro")}</p>
      <ImportProfile />
      {list && <ProfileIssues issues={list.issues} onRepaired={() => void reload()} />}
      <section className="card" aria-labelledby="profiles-title" aria-busy={loading}>
        <div className="card-head">
          <h2 id="profiles-title">{t("profiles.yourProfiles")}</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            {t("profiles.refresh")}
          </button>
        </div>
        {loading && !list && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t("profiles.loading")}
          </p>
        )}
        <ErrorNote error={error} />
        {list && (
          <ul className="item-list profile-list" aria-label={t("profiles.listLabel")}>
            {list.profiles.map((p) => (
              <ProfileRow key={p.id} profile={p} takenIds={ids} />
            ))}
          </ul>
        )}
        {list && list.profiles.length === 1 && <p className="muted">{t("profiles.onlyBuiltIn")}</p>}
      </section>
    </section>
  );
}
