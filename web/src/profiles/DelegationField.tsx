/**
 * The profile's delegation flags and limits (docs/spec/profiles.md §3, docs/spec/agent-delegation.md)
 * as form fields, in two parts: what this profile may do with other agents (delegate tasks, hand the
 * run over, and the calling limits) and how other agents may use it (callable as a sub-agent and/or
 * a handoff target, by whom, its description for them, its result budget, nested delegation, and
 * whether it can also start from a chat). Switching "delegate"/"hand over" adds or removes the
 * matching `agent.*` tools. A refused save shows under the field its code or path names; the
 * diagnose line says in plain words why the saved profile cannot be a sub-agent or handoff target.
 */
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { CallersField } from "./CallersField";
import { DelegationDiagnose } from "./DelegationDiagnose";
import { formatCount } from "../i18n/format";
import { type DelegationForm, type DelegationLimit, limitProblem, toolsForDelegation } from "./delegation-draft";
import { FieldError, refusalAt, type Refusal } from "./FieldError";
import type { DelegationLimitRange, ProfileHealth } from "./types";

type Flag =
  | "canDelegate"
  | "canHandoff"
  | "callable"
  | "allowAsSubagent"
  | "allowAsHandoffTarget"
  | "allowNestedDelegation"
  | "directRunnable";

/** Codes about a flag that name `$.tools.allow` or another section (ADR 2630). */
const FLAG_CODES: Partial<Record<Flag, string[]>> = {
  canDelegate: ["agent.profile_agent_delegate_requires_delegation", "agent.profile_agent_list_requires_delegation"],
  canHandoff: ["agent.profile_agent_handoff_requires_handoff"],
  directRunnable: [
    "agent.profile_direct_runnable_disabled_requires_delegation_target",
    "agent.profile_subagent_only_background_required",
  ],
};

const flagPath = (flag: Flag) => (flag === "directRunnable" ? "$.run.directRunnable" : `$.delegation.${flag}`);

export interface DelegationFieldProps {
  profileId: string;
  form: DelegationForm;
  allow: string[];
  /** The saved profile's health (diagnose). */
  health: ProfileHealth | null;
  /** The draft differs from the saved profile (the diagnose line describes the saved one). */
  dirty: boolean;
  refusal: Refusal | null;
  /** Each limit's range and default (`GET /agent/profiles` `delegationLimits`); undefined while loading. */
  ranges?: Readonly<Record<string, DelegationLimitRange>> | undefined;
  onChange(patch: { delegation: DelegationForm; allow?: string[] }): void;
}

export function DelegationField({
  profileId,
  form,
  allow,
  health,
  dirty,
  refusal,
  ranges,
  onChange,
}: DelegationFieldProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<DelegationForm>) => {
    const next = { ...form, ...patch };
    // Being a sub-agent or handoff target needs "callable"; not callable means neither.
    if ((patch.allowAsSubagent || patch.allowAsHandoffTarget) && !next.callable) next.callable = true;
    if (patch.callable === false) Object.assign(next, { allowAsSubagent: false, allowAsHandoffTarget: false });
    const toolsChange = "canDelegate" in patch || "canHandoff" in patch;
    onChange({
      delegation: next,
      ...(toolsChange ? { allow: toolsForDelegation(allow, next.canDelegate, next.canHandoff) } : {}),
    });
  };
  const check = (flag: Flag, help?: ReactNode) => {
    const error = refusalAt(refusal, [flagPath(flag)], FLAG_CODES[flag]);
    const errorId = `deleg-${flag}-error`;
    return (
      <div className="field-group deleg-flag">
        <label className="check">
          <input
            type="checkbox"
            checked={form[flag]}
            onChange={(e) => set({ [flag]: e.target.checked })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid={`deleg-${flag}`}
          />
          <span>{t(`profiles.delegation.flags.${flag}`)}</span>
        </label>
        {help && <small>{help}</small>}
        <FieldError refusal={error} id={errorId} />
      </div>
    );
  };
  const limit = (key: DelegationLimit) => {
    const range = ranges?.[key];
    // What the form sees as typed comes first; a refusal the server still gives shows its own code.
    const error = limitProblem(key, form[key], range) ?? refusalAt(refusal, [`$.delegation.${key}`]);
    const errorId = `deleg-${key}-error`;
    return (
      <div className="field-group">
        <label className="field">
          <span>{t(`profiles.delegation.limits.${key}`)}</span>
          <input
            type="text"
            inputMode="numeric"
            value={form[key]}
            placeholder={range ? String(range.default) : undefined}
            onChange={(e) => set({ [key]: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `deleg-${key}-help`}
            data-testid={`deleg-${key}`}
          />
        </label>
        <small id={`deleg-${key}-help`}>
          {t(`profiles.delegation.limits.${key}Help`)}
          {range &&
            ` ${t("profiles.delegation.limits.rangeHint", {
              min: formatCount(range.min),
              max: formatCount(range.max),
              value: formatCount(range.default),
            })}`}
        </small>
        <FieldError refusal={error} id={errorId} />
      </div>
    );
  };
  const sectionError = refusalAt(refusal, ["$.delegation"]);
  const describeError = refusalAt(refusal, ["$.delegation.descriptionForAgents"]);
  const usable = form.callable && (form.allowAsSubagent || form.allowAsHandoffTarget);
  return (
    <fieldset className="fieldset profile-delegation" data-testid="delegation-field">
      <legend>{t("profiles.delegation.legend")}</legend>
      <FieldError refusal={sectionError} id="deleg-error" />
      <h3 className="deleg-part">{t("profiles.delegation.callingOthers")}</h3>
      {check("canDelegate", t("profiles.delegation.canDelegateHelp"))}
      {check("canHandoff", t("profiles.delegation.canHandoffHelp"))}
      <div className="field-grid">
        {form.canDelegate && limit("maxConcurrentInvocations")}
        {form.canDelegate && limit("maxInvocationsPerRun")}
        {form.canHandoff && limit("maxHandoffDepth")}
      </div>
      <h3 className="deleg-part">{t("profiles.delegation.calledByOthers")}</h3>
      {check("callable")}
      <div className="deleg-nested">
        {check("allowAsSubagent", t("profiles.delegation.allowAsSubagentHelp"))}
        {check("allowAsHandoffTarget", t("profiles.delegation.allowAsHandoffTargetHelp"))}
      </div>
      {usable && (
        <>
          <CallersField
            profileId={profileId}
            callers={form.allowedCallers}
            refusal={refusalAt(refusal, ["$.delegation.allowedCallers"])}
            onChange={(allowedCallers) => set({ allowedCallers })}
          />
          <div className="field-group">
            <label className="field">
              <span>
                {t("profiles.delegation.descriptionForAgents")}{" "}
                <span className="muted">{t("profiles.editor.optional")}</span>
              </span>
              <textarea
                rows={2}
                value={form.descriptionForAgents}
                onChange={(e) => set({ descriptionForAgents: e.target.value })}
                aria-invalid={describeError ? true : undefined}
                aria-describedby="deleg-description-help"
              />
            </label>
            <small id="deleg-description-help">{t("profiles.delegation.descriptionForAgentsHelp")}</small>
            <FieldError refusal={describeError} id="deleg-description-error" />
          </div>
          <div className="field-grid">{form.allowAsSubagent && limit("resultBudgetTokens")}</div>
          {form.allowAsSubagent && check("allowNestedDelegation")}
        </>
      )}
      {check("directRunnable", t("profiles.delegation.directRunnableHelp"))}
      <DelegationDiagnose health={health} dirty={dirty} />
    </fieldset>
  );
}
