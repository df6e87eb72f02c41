/**
 * "Profiles needing attention": stored profiles the server could not read (list `issues`), each
 * with what is wrong in plain words, the server's message and code, and its repair actions
 * (`POST /agent/profiles/:id/repair`): "Fix the header" (`normalizeIdentity`: only schemaVersion,
 * kind and id are rewritten, and only if the result is valid) and "Delete" (asks first).
 */
import { useTranslation } from "react-i18next";
import { IssueRow } from "./IssueRow";
import type { ProfileIssue } from "./types";

export function ProfileIssues({ issues, onRepaired }: { issues: ProfileIssue[]; onRepaired(): void }) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <section className="notice profile-issues" aria-labelledby="profile-issues-title">
      <h2 id="profile-issues-title">{t("profiles.issues.title")}</h2>
      <p>{t("profiles.issues.intro")}</p>
      <ul>
        {issues.map((issue) => (
          <IssueRow key={issue.profileId} issue={issue} onRepaired={onRepaired} />
        ))}
      </ul>
    </section>
  );
}
