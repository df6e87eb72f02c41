/**
 * `tools.allow` as checkboxes: one per builtin tool of `GET /agent/tools` (title and name), the
 * hosted `mcp:*` entry ("All MCP tools I set to Ask or Allow"), every other entry the profile
 * names (e.g. one MCP tool id; unticking removes it on save), and a field to add a tool id.
 * The server checks the list on save (`agent.profile_unknown_tool`, `_output_writer_required`,
 * `_commit_required`, `_finish_required`, `_tools_empty`, …).
 */
import { useTranslation } from "react-i18next";
import { ErrorText } from "../components/ErrorNote";
import { useState } from "react";
import { MCP_WILDCARD, type AgentToolSpec } from "./types";
import { toggleEntry } from "./profile-draft";

export interface ToolsFieldProps {
  allow: string[];
  /** Entries of the saved document: they keep a checkbox after being unticked. */
  savedAllow: string[];
  tools: AgentToolSpec[];
  toolsError: { code: string; message: string } | null;
  onChange(allow: string[]): void;
}

export function ToolsField({ allow, savedAllow, tools, toolsError, onChange }: ToolsFieldProps) {
  const { t } = useTranslation();
  const [extra, setExtra] = useState("");
  const builtinIds = new Set(tools.map((tool) => tool.toolId));
  const others = [...new Set([...savedAllow, ...allow])].filter((id) => id !== MCP_WILDCARD && !builtinIds.has(id));
  const set = (id: string, on: boolean) => onChange(toggleEntry(allow, id, on));
  const add = () => {
    const id = extra.trim();
    if (id === "") return;
    set(id, true);
    setExtra("");
  };
  const builtinCount = tools.filter((tool) => allow.includes(tool.toolId)).length;
  return (
    <fieldset className="fieldset profile-tools">
      <legend>{t("profiles.tools.legend")}</legend>
      <p className="muted">
        {tools.length > 0 ? t("profiles.tools.count", { allowed: builtinCount, total: tools.length }) : ""}
        {t("profiles.tools.needed")}
      </p>
      {toolsError && (
        <p className="error-note">
          {t("profiles.tools.listError")} <ErrorText error={toolsError} />
        </p>
      )}
      <ul className="tool-checks">
        {tools.map((tool) => (
          <li key={tool.toolId}>
            <label className="check">
              <input
                type="checkbox"
                checked={allow.includes(tool.toolId)}
                onChange={(e) => set(tool.toolId, e.target.checked)}
              />
              <span>
                {t(`profiles.toolTitles.${tool.name.replace(/[.]/g, "_")}`, { defaultValue: tool.title })}{" "}
                <code>{tool.name}</code>
              </span>
            </label>
          </li>
        ))}
        <li>
          <label className="check">
            <input
              type="checkbox"
              checked={allow.includes(MCP_WILDCARD)}
              onChange={(e) => set(MCP_WILDCARD, e.target.checked)}
            />
            <span>
              {t("profiles.tools.allMcp")} <code>(mcp:*)</code>
            </span>
          </label>
        </li>
        {others.map((id) => (
          <li key={id}>
            <label className="check">
              <input type="checkbox" checked={allow.includes(id)} onChange={(e) => set(id, e.target.checked)} />
              <code>{id}</code>
            </label>
          </li>
        ))}
      </ul>
      <div className="row tool-add">
        <label className="field">
          <span>{t("profiles.tools.add")}</span>
          <input
            value={extra}
            onChange={(e) => setExtra(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                add();
              }
            }}
            placeholder={t("profiles.tools.addPlaceholder")}
            spellCheck={false}
            autoCapitalize="off"
          />
        </label>
        <button type="button" className="btn btn-secondary" onClick={add} disabled={extra.trim() === ""}>
          {t("profiles.tools.addButton")}
        </button>
      </div>
    </fieldset>
  );
}
