/**
 * The profile's model binding (docs/spec/profiles.md `model`, hosted meaning in ADR 1302):
 * "the connection the run uses" (`currentPromptSnapshot`), "a specific connection"
 * (`connectionRef` = one of the user's connections from `GET /connections`, plus its model id,
 * prefilled from the connection) or "needs a connection" (`requiresConfiguration`, e.g. after an
 * import; such a profile cannot run). A connection that no longer exists stays visible as
 * "Missing connection" so the user sees why the profile cannot run.
 */
import { useTranslation } from "react-i18next";
import { SelectField } from "../components/SelectField";
import type { Connection } from "../connections/types";
import type { ProfileForm } from "./profile-draft";

const MODES = [{ id: "currentPromptSnapshot" }, { id: "connectionRef" }, { id: "requiresConfiguration" }];

export interface ModelFieldProps {
  form: ProfileForm;
  connections: Connection[] | null;
  onChange(patch: Partial<ProfileForm>): void;
}

export function ModelField({ form, connections, onChange }: ModelFieldProps) {
  const { t } = useTranslation();
  const known = connections?.some((c) => c.id === form.connectionRef) ?? false;
  const pick = (connectionRef: string) => {
    const before = connections?.find((c) => c.id === form.connectionRef);
    const next = connections?.find((c) => c.id === connectionRef);
    const keepModel = form.modelId.trim() !== "" && form.modelId !== before?.modelId;
    onChange({ connectionRef, ...(next && !keepModel ? { modelId: next.modelId } : {}) });
  };
  return (
    <fieldset className="fieldset profile-model">
      <legend>{t("profiles.model.legend")}</legend>
      <SelectField
        label={t("profiles.model.which")}
        value={form.modelMode}
        onChange={(e) => onChange({ modelMode: e.target.value })}
        data-focus="model-mode"
      >
        {MODES.map((m) => (
          <option key={m.id} value={m.id}>
            {t(`profiles.model.modes.${m.id}`)}
          </option>
        ))}
        {!MODES.some((m) => m.id === form.modelMode) && <option value={form.modelMode}>{form.modelMode}</option>}
      </SelectField>
      {form.modelMode === "connectionRef" && (
        <>
          <SelectField
            label={t("profiles.model.connection")}
            value={form.connectionRef}
            onChange={(e) => pick(e.target.value)}
            data-focus="model-connection"
          >
            <option value="">{t("profiles.model.choose")}</option>
            {connections?.map((c) => (
              <option key={c.id} value={c.id}>{`${c.name} · ${c.modelId}`}</option>
            ))}
            {form.connectionRef !== "" && !known && (
              <option value={form.connectionRef}>
                {connections ? t("profiles.model.missing", { id: form.connectionRef }) : t("profiles.model.loading")}
              </option>
            )}
          </SelectField>
          {connections && connections.length === 0 && <p className="muted">{t("profiles.model.none")}</p>}
          <label className="field">
            <span>{t("profiles.model.modelId")}</span>
            <input
              value={form.modelId}
              onChange={(e) => onChange({ modelId: e.target.value })}
              maxLength={200}
              placeholder={t("profiles.model.modelPlaceholder")}
              spellCheck={false}
            />
          </label>
        </>
      )}
    </fieldset>
  );
}
