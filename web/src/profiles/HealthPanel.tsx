/**
 * A profile's health (`AgentProfileHealth`, docs/spec/profiles.md `diagnose()`) in plain words: what
 * it can do now (start from a chat, build a prompt, run as a sub-agent) and, for each problem,
 * the server's message, what it blocks, its code and field, and buttons for its repair actions
 * (they move focus to the field to change, or set the model to "needs a connection").
 */
import { Trans, useTranslation } from "react-i18next";
import { i18n } from "../i18n/i18n";
import type { DiagnosticBlock, ProfileDiagnostic, ProfileHealth, RepairAction } from "./types";

const ABILITIES: Array<keyof ProfileHealth> = [
  "directRunAvailable",
  "promptAssemblyAvailable",
  "previewAvailable",
  "subAgentAvailable",
  "handoffTargetAvailable",
];

/** "starting it from a chat and running it as a sub-agent" (in the current language). */
export function blocksText(blocks: readonly DiagnosticBlock[]): string {
  const words = blocks.map((b) => i18n.t(`profiles.health.blocks.${b}`, { defaultValue: b }));
  return words.length <= 1
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(i18n.t("profiles.health.blocksJoin"))}${i18n.t("profiles.health.blocksLast")}${words.at(-1)}`;
}

function Diagnostic({
  diagnostic,
  canRepair,
  onRepair,
}: {
  diagnostic: ProfileDiagnostic;
  canRepair: boolean;
  onRepair(action: RepairAction): void;
}) {
  const { t } = useTranslation();
  return (
    <li className="diagnostic" data-testid="diagnostic" data-code={diagnostic.code}>
      <p className="diagnostic-message">{diagnostic.message}</p>
      {diagnostic.blocks && diagnostic.blocks.length > 0 && (
        <p className="muted">{t("profiles.health.stops", { what: blocksText(diagnostic.blocks) })}</p>
      )}
      <p className="diagnostic-meta">
        <Trans
          i18nKey="profiles.health.at"
          values={{ code: diagnostic.code, path: diagnostic.path }}
          components={{ code: <code /> }}
        />
      </p>
      {canRepair && diagnostic.repairActions && diagnostic.repairActions.length > 0 && (
        <div className="row">
          {diagnostic.repairActions.map((action) => (
            <button key={action} type="button" className="btn btn-secondary btn-small" onClick={() => onRepair(action)}>
              {t(`profiles.health.repair.${action}`, { defaultValue: action })}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** `canRepair`: show repair buttons (false for the read-only profile or one the editor cannot open). */
export function HealthPanel({
  health,
  canRepair,
  onRepair,
}: {
  health: ProfileHealth | null;
  canRepair: boolean;
  onRepair(action: RepairAction): void;
}) {
  const { t } = useTranslation();
  if (!health) return null;
  const ok = health.diagnostics.length === 0;
  return (
    <section
      className="card profile-health"
      aria-labelledby="health-title"
      data-testid="profile-health"
      aria-live="polite"
    >
      <h2 id="health-title">{t("profiles.health.title")}</h2>
      <p className={ok ? "success" : "error-note"} data-testid="health-summary">
        {ok ? t("profiles.health.ok") : t("profiles.health.problems", { count: health.diagnostics.length })}
      </p>
      <ul className="abilities" aria-label={t("profiles.health.abilitiesLabel")}>
        {ABILITIES.map((key) => (
          <li key={key} data-ok={health[key] === true}>
            <span aria-hidden="true">{health[key] === true ? "✓" : "✗"}</span> {t(`profiles.health.abilities.${key}`)}:{" "}
            <strong>{health[key] === true ? t("profiles.health.yes") : t("profiles.health.no")}</strong>
          </li>
        ))}
      </ul>
      {!ok && (
        <ul className="diagnostics" aria-label={t("profiles.health.problemsLabel")}>
          {health.diagnostics.map((d) => (
            <Diagnostic key={`${d.code}:${d.path}`} diagnostic={d} canRepair={canRepair} onRepair={onRepair} />
          ))}
        </ul>
      )}
    </section>
  );
}
