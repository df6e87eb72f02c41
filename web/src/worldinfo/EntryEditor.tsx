/**
 * One World Info entry, folded: title, keys, secondary keys and their logic, content, constant /
 * disabled, order, position (before / after the character, at depth with depth and role),
 * probability, inclusion group. Options kept but not applied (sticky, cooldown, delay, …) are named
 * as such. Saved with the book's revision; every other field of the entry is sent back unchanged.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { keysLine, notAppliedSet, parseKeys, POSITIONS } from "./entry-form";
import type { WorldEntry } from "./types";

interface Props {
  entry: WorldEntry;
  busy: boolean;
  error: { code: string; message: string } | null;
  onSave(entry: WorldEntry): void;
  onDelete(): void;
}

const num = (v: unknown, d: number) => (typeof v === "number" ? v : d);

export function EntryEditor({ entry, busy, error, onSave, onDelete }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<WorldEntry>(entry);
  const [keys, setKeys] = useState(keysLine(entry.key));
  const [secondary, setSecondary] = useState(keysLine(entry.keysecondary));
  const set = (field: string, value: unknown) => setDraft((d) => ({ ...d, [field]: value }));
  const kept = notAppliedSet(entry);
  const title = (typeof entry.comment === "string" && entry.comment) || keysLine(entry.key) || `#${entry.uid}`;
  return (
    <details className="card entry-editor">
      <summary>
        {title} <small className="muted">#{entry.uid}</small>
        {entry.constant === true && <small className="tag"> {t("worldinfo.entry.constant")}</small>}
        {entry.disable === true && <small className="tag"> {t("worldinfo.entry.disabled")}</small>}
      </summary>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({ ...draft, key: parseKeys(keys), keysecondary: parseKeys(secondary) });
        }}
      >
        <label className="field">
          <span>{t("worldinfo.entry.comment")}</span>
          <input value={String(draft.comment ?? "")} onChange={(e) => set("comment", e.target.value)} />
        </label>
        <label className="field">
          <span>{t("worldinfo.entry.keys")}</span>
          <input value={keys} onChange={(e) => setKeys(e.target.value)} />
          <small className="muted">{t("worldinfo.entry.keysHelp")}</small>
        </label>
        <label className="field">
          <span>{t("worldinfo.entry.secondary")}</span>
          <input value={secondary} onChange={(e) => setSecondary(e.target.value)} />
        </label>
        <label className="field">
          <span>{t("worldinfo.entry.logic")}</span>
          <select value={num(draft.selectiveLogic, 0)} onChange={(e) => set("selectiveLogic", Number(e.target.value))}>
            {[0, 1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {t(`worldinfo.entry.logics.${n}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t("worldinfo.entry.content")}</span>
          <textarea value={String(draft.content ?? "")} rows={4} onChange={(e) => set("content", e.target.value)} />
        </label>
        <div className="row">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.constant === true}
              onChange={(e) => set("constant", e.target.checked)}
            />{" "}
            {t("worldinfo.entry.constant")}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.disable === true}
              onChange={(e) => set("disable", e.target.checked)}
            />{" "}
            {t("worldinfo.entry.disabled")}
          </label>
        </div>
        <div className="row">
          <label className="field">
            <span>{t("worldinfo.entry.order")}</span>
            <input type="number" value={num(draft.order, 100)} onChange={(e) => set("order", Number(e.target.value))} />
          </label>
          <label className="field">
            <span>{t("worldinfo.entry.position")}</span>
            <select value={num(draft.position, 0)} onChange={(e) => set("position", Number(e.target.value))}>
              {POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {t(`worldinfo.entry.positions.${p}`)}
                </option>
              ))}
              {!POSITIONS.includes(num(draft.position, 0) as 0) && (
                <option value={num(draft.position, 0)}>{t("worldinfo.entry.positions.other")}</option>
              )}
            </select>
          </label>
          {num(draft.position, 0) === 4 && (
            <>
              <label className="field">
                <span>{t("worldinfo.entry.depth")}</span>
                <input
                  type="number"
                  min={0}
                  value={num(draft.depth, 4)}
                  onChange={(e) => set("depth", Number(e.target.value))}
                />
              </label>
              <label className="field">
                <span>{t("worldinfo.entry.role")}</span>
                <select value={num(draft.role, 0)} onChange={(e) => set("role", Number(e.target.value))}>
                  {[0, 1, 2].map((r) => (
                    <option key={r} value={r}>
                      {t(`worldinfo.entry.roles.${r}`)}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          <label className="field">
            <span>{t("worldinfo.entry.probability")}</span>
            <input
              type="number"
              min={0}
              max={100}
              value={num(draft.probability, 100)}
              onChange={(e) => set("probability", Number(e.target.value))}
            />
          </label>
          <label className="field">
            <span>{t("worldinfo.entry.group")}</span>
            <input value={String(draft.group ?? "")} onChange={(e) => set("group", e.target.value)} />
          </label>
        </div>
        {kept.length > 0 && (
          <p className="muted" data-testid="entry-not-applied">
            {t("worldinfo.entry.notApplied", { fields: kept.join(", ") })}
          </p>
        )}
        <ErrorNote error={error} />
        <div className="row">
          <BusyButton type="submit" variant="primary" busy={busy}>
            {t("worldinfo.entry.save")}
          </BusyButton>
          <button type="button" className="btn btn-danger" onClick={onDelete} disabled={busy}>
            {t("worldinfo.entry.delete")}
          </button>
        </div>
      </form>
    </details>
  );
}
