/**
 * The diagnose line of the delegation fields: for the saved profile, whether another agent can
 * delegate a task to it and whether one can hand its run over to it, and for each "no" the reason
 * in plain words (the server's `delegationNotes`, domain/profiles/delegation-health.ts, ADR 2630);
 * who may call it when that is narrowed (by profile name; an id no profile has stays as the id). With unsaved edits it says it describes the saved version.
 */
import { useTranslation } from "react-i18next";
import { profileName } from "./profile-name";
import type { DelegationNote, DelegationRole, ProfileHealth } from "./types";
import { useProfileList } from "./use-profile-list";

const ROLES: Array<{ role: DelegationRole; key: "subAgentAvailable" | "handoffTargetAvailable" }> = [
  { role: "subAgent", key: "subAgentAvailable" },
  { role: "handoffTarget", key: "handoffTargetAvailable" },
];

/** The sentence for one note (in the current language); callers by their profile names, not ids. */
function useNoteText() {
  const { t } = useTranslation();
  const { list } = useProfileList();
  const names = new Map((list?.profiles ?? []).map((p) => [p.id, p.displayName]));
  return (note: DelegationNote) =>
    t(`profiles.delegation.notes.${note.reason}`, {
      callers: (note.callers ?? []).map((id) => profileName(t, id, names.get(id))).join(t("common.listSeparator")),
      defaultValue: note.message,
    });
}

export function DelegationDiagnose({ health, dirty }: { health: ProfileHealth | null; dirty: boolean }) {
  const { t } = useTranslation();
  const noteText = useNoteText();
  if (!health) return null;
  const limited = health.delegationNotes.find((n) => n.reason === "callersLimited");
  return (
    <div className="deleg-diagnose" data-testid="delegation-diagnose" aria-live="polite">
      {dirty && <p className="muted">{t("profiles.delegation.diagnoseSaved")}</p>}
      <ul>
        {ROLES.map(({ role, key }) => {
          const ok = health[key];
          const why = health.delegationNotes.filter((n) => n.roles.includes(role) && n.reason !== "callersLimited");
          return (
            <li key={role} data-role={role} data-ok={ok}>
              <span aria-hidden="true">{ok ? "✓" : "✗"}</span>{" "}
              {t(`profiles.delegation.diagnose.${role}.${ok ? "yes" : "no"}`)}
              {!ok && why.length > 0 && <> {why.map(noteText).join(" ")}</>}
            </li>
          );
        })}
      </ul>
      {limited && <p className="muted">{noteText(limited)}</p>}
    </div>
  );
}
