/**
 * Inline rename form shared by every list (devices, chats…): one text field prefilled with the
 * current value, Save (with progress) and Cancel; Escape cancels; an unchanged value just closes.
 * `save(next)` performs the request and resolves to the updated item.
 */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../state/use-action";
import { BusyButton } from "./BusyButton";

export interface InlineRenameFormProps<T> {
  /** The current value (name or title). */
  current: string;
  /** Field label, e.g. `New name for “Laptop”`. */
  label: string;
  /** Longest accepted value, chars. */
  maxLength: number;
  save(next: string): Promise<T>;
  onDone(updated?: T): void;
}

export function InlineRenameForm<T>({ current, label, maxLength, save, onDone }: InlineRenameFormProps<T>) {
  const { t } = useTranslation();
  const [value, setValue] = useState(current);
  const action = useAction(async (next: string) => onDone(await save(next)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (next === current) return onDone();
    void action.run(next);
  };
  const key = (event: KeyboardEvent) => {
    if (event.key === "Escape") onDone();
  };
  return (
    <form className="rename" onSubmit={submit} onKeyDown={key}>
      <label className="field">
        <span>{label}</span>
        <input value={value} onChange={(e) => setValue(e.target.value)} maxLength={maxLength} required autoFocus />
      </label>
      <div className="row">
        <BusyButton
          type="submit"
          variant="primary"
          busy={action.busy}
          busyLabel={t("common.saving")}
          disabled={value.trim() === ""}
        >
          {t("common.save")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={() => onDone()}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
