/**
 * The profile's model binding (docs/spec/profiles.md `model`, hosted meaning in ADR 1302):
 * "the connection the run uses" (`currentPromptSnapshot`), "a specific connection"
 * (`connectionRef` = one of the user's connections from `GET /connections`, plus its model id,
 * prefilled from the connection) or "needs a connection" (`requiresConfiguration`, e.g. after an
 * import; such a profile cannot run). A connection that no longer exists stays visible as
 * "Missing connection" so the user sees why the profile cannot run.
 */
import { SelectField } from "../components/SelectField";
import type { Connection } from "../connections/types";
import type { ProfileForm } from "./profile-draft";

const MODES = [
  { id: "currentPromptSnapshot", label: "The connection picked when the run starts (else your default)" },
  { id: "connectionRef", label: "Always this connection" },
  { id: "requiresConfiguration", label: "Needs a connection (cannot run yet)" },
];

export interface ModelFieldProps {
  form: ProfileForm;
  connections: Connection[] | null;
  onChange(patch: Partial<ProfileForm>): void;
}

export function ModelField({ form, connections, onChange }: ModelFieldProps) {
  const known = connections?.some((c) => c.id === form.connectionRef) ?? false;
  const pick = (connectionRef: string) => {
    const before = connections?.find((c) => c.id === form.connectionRef);
    const next = connections?.find((c) => c.id === connectionRef);
    const keepModel = form.modelId.trim() !== "" && form.modelId !== before?.modelId;
    onChange({ connectionRef, ...(next && !keepModel ? { modelId: next.modelId } : {}) });
  };
  return (
    <fieldset className="fieldset profile-model">
      <legend>Model</legend>
      <SelectField
        label="Which model connection"
        value={form.modelMode}
        onChange={(e) => onChange({ modelMode: e.target.value })}
        data-focus="model-mode"
      >
        {MODES.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
        {!MODES.some((m) => m.id === form.modelMode) && <option value={form.modelMode}>{form.modelMode}</option>}
      </SelectField>
      {form.modelMode === "connectionRef" && (
        <>
          <SelectField
            label="Connection"
            value={form.connectionRef}
            onChange={(e) => pick(e.target.value)}
            data-focus="model-connection"
          >
            <option value="">Choose a connection…</option>
            {connections?.map((c) => (
              <option key={c.id} value={c.id}>{`${c.name} · ${c.modelId}`}</option>
            ))}
            {form.connectionRef !== "" && !known && (
              <option value={form.connectionRef}>
                {connections ? `Missing connection (${form.connectionRef})` : "Loading connections…"}
              </option>
            )}
          </SelectField>
          {connections && connections.length === 0 && (
            <p className="muted">You have no model connections yet. Add one on the Connections screen.</p>
          )}
          <label className="field">
            <span>Model id</span>
            <input
              value={form.modelId}
              onChange={(e) => onChange({ modelId: e.target.value })}
              maxLength={200}
              placeholder="The connection's model"
              spellCheck={false}
            />
          </label>
        </>
      )}
    </fieldset>
  );
}
