/** "Registrations needing attention": stored rows the server could not read (file name, code, message). */
import { useTranslation } from "react-i18next";
import type { StorageIssue } from "./types";

export function StorageIssues({ issues }: { issues: StorageIssue[] }) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <section className="notice mcp-issues" role="alert" aria-label={t("mcp.list.issuesTitle")}>
      <strong>{t("mcp.list.issuesTitle")}</strong>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.fileName}:${issue.code}`}>
            <code>{issue.fileName}</code>: {issue.message} <code className="muted">{issue.code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
