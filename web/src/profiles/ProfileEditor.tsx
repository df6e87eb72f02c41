/**
 * The profile editor: structured fields (name, description, model binding, presentation, max
 * rounds, allowed tools, visible/denied skills, workspace folders, output file) and the JSON editor for everything else;
 * "Save changes" sends the whole document (`PUT /agent/profiles/:id`) and a refusal shows the
 * server's message, code and field path (and whether to fix it above or in the JSON editor).
 * The built-in profile is shown read-only. A newer version saved on another device replaces an
 * unchanged draft at once, or is offered ("Load the newer version") when there are unsaved edits.
 */
import { useTranslation } from "react-i18next";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { DelegationField } from "./DelegationField";
import { firstLimitProblem } from "./delegation-draft";
import { FieldError, refusalAt } from "./FieldError";
import { BusyButton } from "../components/BusyButton";
import { SelectField } from "../components/SelectField";
import { useConnections } from "../connections/use-connections";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { JsonRestEditor } from "./JsonRestEditor";
import { ModelField } from "./ModelField";
import { OutputField } from "./OutputField";
import { composeProfile, DraftJsonError } from "./profile-draft";
import { SkillsField } from "./SkillsField";
import { ToolsField } from "./ToolsField";
import type { ProfileDocument, ProfileHealth, RepairAction } from "./types";
import { useAgentTools } from "./use-agent-tools";
import { useProfileDraft } from "./use-profile-draft";
import { useProfileList } from "./use-profile-list";
import { useProfilesApi } from "./use-profiles-api";
import { ValidationError } from "./ValidationError";
import { WorkspaceRootsField } from "./WorkspaceRootsField";

export interface RepairRequest {
  action: RepairAction;
  /** Bumped per click so the same action can be asked twice. */
  seq: number;
}

export interface ProfileEditorProps {
  profile: ProfileDocument;
  /** Bumped by each read from the server. */
  version: number;
  readOnly: boolean;
  repair: RepairRequest | null;
  /** The saved profile's diagnose answer (the delegation fields explain it). */
  health: ProfileHealth | null;
  onSaved(profile: ProfileDocument): void;
}

export function ProfileEditor({ profile, version, readOnly, repair, health, onSaved }: ProfileEditorProps) {
  const { t } = useTranslation();
  const profiles = useProfilesApi();
  const { show } = useToasts();
  const { connections } = useConnections();
  const { tools, error: toolsError } = useAgentTools();
  const state = useProfileDraft(profile, version);
  const ranges = useProfileList().list?.delegationLimits;
  const { draft, setForm } = state;
  const { form } = draft;
  const [details, setDetails] = useState<unknown>(null);
  const container = useRef<HTMLFormElement>(null);

  const save = useAction(
    async () => {
      setDetails(null);
      const problem = firstLimitProblem(form.delegation, ranges);
      if (problem) {
        setDetails(problem.details);
        throw new ApiError(0, problem.code, problem.message, undefined, problem.details);
      }
      let document: ProfileDocument;
      try {
        document = composeProfile(state.base, draft);
      } catch (error) {
        if (error instanceof DraftJsonError) throw new ApiError(0, error.code, error.message);
        throw error;
      }
      try {
        const { profile: stored } = await profiles.update(state.base.id, document);
        state.reset(stored);
        onSaved(stored);
        show({ kind: "success", message: t("profiles.editor.saved", { name: stored.displayName }) });
      } catch (error) {
        setDetails(error instanceof ApiError ? error.details : null);
        throw error;
      }
    },
    { toastErrors: false },
  );

  const refusal = save.error ? { code: save.error.code, message: save.error.message, details } : null;
  const presentationError = refusalAt(refusal, ["$.run.presentation"]);

  const focus = (target: string) =>
    requestAnimationFrame(() => container.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`)?.focus());
  useEffect(() => {
    if (!repair) return;
    if (repair.action === "setModelRequiresConfiguration") {
      setForm({ modelMode: "requiresConfiguration" });
      focus("model-mode");
    } else if (repair.action === "selectModel") {
      setForm({ modelMode: "connectionRef" });
      focus("model-connection");
    } else {
      focus("json-editor");
    }
  }, [repair, setForm]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) void save.run();
  };
  return (
    <form
      ref={container}
      className="profile-editor stack"
      onSubmit={submit}
      aria-label={t("profiles.editor.label", { name: profile.displayName })}
    >
      {state.newer && (
        <div className="notice" role="alert">
          <p>{t("profiles.editor.newer")}</p>
          <div className="row">
            <button type="button" className="btn btn-secondary" onClick={() => state.reset(state.newer!)}>
              {t("profiles.editor.loadNewer")}
            </button>
          </div>
        </div>
      )}
      <fieldset className="profile-form-fields" disabled={readOnly}>
        <section className="card stack" aria-labelledby="about-title">
          <h2 id="about-title">{t("profiles.editor.about")}</h2>
          <label className="field">
            <span>{t("profiles.editor.displayName")}</span>
            <input
              value={form.displayName}
              onChange={(e) => setForm({ displayName: e.target.value })}
              maxLength={200}
              required
            />
          </label>
          <label className="field">
            <span>
              {t("profiles.editor.description")} <span className="muted">{t("profiles.editor.optional")}</span>
            </span>
            <textarea value={form.description} onChange={(e) => setForm({ description: e.target.value })} rows={2} />
          </label>
          <div className="field-grid">
            <SelectField
              label={t("profiles.editor.presentation")}
              value={form.presentation}
              onChange={(e) => setForm({ presentation: e.target.value })}
            >
              <option value="foreground">{t("profiles.editor.foreground")}</option>
              <option value="background">{t("profiles.editor.background")}</option>
              {!["foreground", "background"].includes(form.presentation) && (
                <option value={form.presentation}>{form.presentation}</option>
              )}
            </SelectField>
            <FieldError refusal={presentationError} id="presentation-error" />
            <div className="field-group">
              <label className="field">
                <span>{t("profiles.editor.maxRounds")}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={form.maxRounds}
                  onChange={(e) => setForm({ maxRounds: e.target.value })}
                  aria-describedby="max-rounds-help"
                />
              </label>
              <small id="max-rounds-help">{t("profiles.editor.maxRoundsHelp")}</small>
            </div>
          </div>
        </section>
        <ModelField form={form} connections={connections} onChange={setForm} />
        <ToolsField
          allow={form.allow}
          savedAllow={state.saved.form.allow}
          tools={tools}
          toolsError={toolsError}
          onChange={(allow) => setForm({ allow })}
        />
        <SkillsField visible={form.skillsVisible} deny={form.skillsDeny} onChange={setForm} />
        <WorkspaceRootsField visible={form.visibleRoots} writable={form.writableRoots} onChange={setForm} />
        <OutputField artifact={form.artifact} onChange={(artifact) => setForm({ artifact })} />
        <DelegationField
          profileId={profile.id}
          form={form.delegation}
          allow={form.allow}
          health={health}
          dirty={state.dirty}
          refusal={refusal}
          ranges={ranges}
          onChange={setForm}
        />
      </fieldset>
      <section className="card" aria-labelledby="json-title">
        <h2 id="json-title">{t("profiles.editor.everythingElse")}</h2>
        <JsonRestEditor value={draft.restText} readOnly={readOnly} onChange={state.setRestText} />
      </section>
      {!readOnly && (
        <div className="card save-bar" data-dirty={state.dirty || save.error !== null}>
          <ValidationError error={save.error} details={details} showPlace />
          <div className="row">
            <BusyButton
              type="submit"
              variant="primary"
              busy={save.busy}
              busyLabel={t("common.saving")}
              disabled={!state.dirty && !save.error}
            >
              {t("profiles.editor.save")}
            </BusyButton>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                state.discard();
                save.clearError();
                setDetails(null);
              }}
              disabled={!state.dirty}
            >
              {t("profiles.editor.discard")}
            </button>
            <span className="muted" role="status">
              {state.dirty ? t("profiles.editor.unsaved") : t("profiles.editor.allSaved")}
            </span>
          </div>
        </div>
      )}
    </form>
  );
}
