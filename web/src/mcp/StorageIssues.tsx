/** "Registrations needing attention": stored rows the server could not read (file name, code, message). */
import type { StorageIssue } from "./types";

export function StorageIssues({ issues }: { issues: StorageIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <section className="notice mcp-issues" role="alert" aria-label="Registrations needing attention">
      <strong>Registrations needing attention</strong>
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
