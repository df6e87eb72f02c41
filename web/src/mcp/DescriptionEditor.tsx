/**
 * The tool description editor (docs/spec/mcp-platform.md §5, §15.8): the server's original (read-only),
 * a custom description (empty = use the server's). Save keeps existing property overrides; a blank
 * description with no property overrides left deletes the override. "Reset all customization"
 * (only when one exists) sends `override: null`. Saves carry `ifRevision`; a 409 offers re-apply.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { describeError, type DescribedError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { conflictCurrent } from "./conflict";
import { ConflictNote } from "./ConflictNote";
import { useMcp } from "./store";
import type { McpServer, McpTool, ToolDescriptionOverride } from "./types";

/** The override to save for `description` on top of `existing` (null = delete). */
export function mergedOverride(
  existing: ToolDescriptionOverride | undefined,
  description: string,
): ToolDescriptionOverride | null {
  const properties = existing?.properties ?? {};
  const hasProps = Object.keys(properties).length > 0;
  if (description.trim() === "") return hasProps ? { properties } : null;
  return { description, properties };
}

export function DescriptionEditor({ server, tool, onDone }: { server: McpServer; tool: McpTool; onDone(): void }) {
  const { t } = useTranslation();
  const { mcp, upsert } = useMcp();
  const existing = server.toolDescriptionOverrides[tool.nativeName];
  const [text, setText] = useState(existing?.description ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DescribedError | null>(null);
  const [conflict, setConflict] = useState<McpServer | null>(null);
  const [baseRevision] = useState(server.revision);
  const fieldId = `desc-${server.id}-${tool.nativeName}`;

  const put = async (override: ToolDescriptionOverride | null, ifRevision: number) => {
    setBusy(true);
    setError(null);
    setConflict(null);
    try {
      upsert(await mcp.setOverride(server.id, tool.nativeName, override, ifRevision));
      onDone();
    } catch (cause) {
      const current = conflictCurrent(cause);
      if (current) {
        upsert(current);
        setConflict(current);
      } else setError(describeError(cause));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = mergedOverride(existing, text);
    if (next === null && !existing) return onDone();
    void put(next, baseRevision);
  };
  return (
    <form
      className="stack mcp-form mcp-desc-editor"
      onSubmit={submit}
      aria-label={t("mcp.description.label", { name: tool.nativeName })}
    >
      <div className="field">
        <span>{t("mcp.description.original")}</span>
        <p className="mcp-original" data-testid="mcp-original-description">
          {tool.description ?? t("mcp.description.originalNone")}
        </p>
      </div>
      <label className="field" htmlFor={fieldId}>
        <span>{t("mcp.description.custom")}</span>
        <textarea id={fieldId} rows={5} value={text} onChange={(e) => setText(e.target.value)} disabled={busy} />
        <small className="muted">{t("mcp.description.help")}</small>
      </label>
      <ErrorNote error={error} />
      {conflict && (
        <ConflictNote
          current={conflict}
          busy={busy}
          onReapply={() =>
            void put(mergedOverride(conflict.toolDescriptionOverrides[tool.nativeName], text), conflict.revision)
          }
          onKeep={onDone}
        />
      )}
      <div className="row">
        <BusyButton type="submit" variant="primary" busy={busy} busyLabel={t("common.saving")}>
          {t("mcp.description.save")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={busy}>
          {t("common.cancel")}
        </button>
        {existing && (
          <BusyButton variant="danger" busy={false} disabled={busy} onClick={() => void put(null, baseRevision)}>
            {t("mcp.description.reset")}
          </BusyButton>
        )}
      </div>
    </form>
  );
}
