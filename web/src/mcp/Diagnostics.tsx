/** Collapsible discovery diagnostics: `nativeName ?? code` plus the message (docs/spec/mcp-platform.md §15.2). */
import { useTranslation } from "react-i18next";
import type { Diagnostic } from "./types";

export function Diagnostics({ diagnostics }: { diagnostics: Diagnostic[] }) {
  const { t } = useTranslation();
  if (diagnostics.length === 0) return null;
  return (
    <details className="mcp-diagnostics">
      <summary>{t("mcp.console.diagnostics", { count: diagnostics.length })}</summary>
      <ul>
        {diagnostics.map((d, i) => (
          <li key={i}>
            <strong>{d.nativeName ?? d.code}</strong>: {d.message}{" "}
            {d.nativeName && <code className="muted">{d.code}</code>}
          </li>
        ))}
      </ul>
    </details>
  );
}
