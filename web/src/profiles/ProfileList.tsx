/** `/profiles`: import, storage issues, and the live list of profiles (default-writer first). */
import { ErrorNote } from "../components/ErrorNote";
import { ImportProfile } from "./ImportProfile";
import { ProfileIssues } from "./ProfileIssues";
import { ProfileRow } from "./ProfileRow";
import { useProfileList } from "./use-profile-list";

export function ProfileList() {
  const { list, loading, error, reload } = useProfileList();
  const ids = list?.profiles.map((p) => p.id) ?? [];
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Agent profiles</h1>
      <p className="muted">
        A profile says which model, tools and workspace folders an agent may use and how many rounds it may take. The
        built-in Default Writer cannot be changed: duplicate it to make your own.
      </p>
      <ImportProfile />
      {list && <ProfileIssues issues={list.issues} onRepaired={() => void reload()} />}
      <section className="card" aria-labelledby="profiles-title" aria-busy={loading}>
        <div className="card-head">
          <h2 id="profiles-title">Your profiles</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            Refresh
          </button>
        </div>
        {loading && !list && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading profiles…
          </p>
        )}
        <ErrorNote error={error} />
        {list && (
          <ul className="profile-list" aria-label="Profiles">
            {list.profiles.map((p) => (
              <ProfileRow key={p.id} profile={p} takenIds={ids} />
            ))}
          </ul>
        )}
        {list && list.profiles.length === 1 && (
          <p className="muted">
            Only the built-in profile so far. Duplicate it or import a profile file to make your own.
          </p>
        )}
      </section>
    </section>
  );
}
