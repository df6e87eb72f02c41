/** Global World Info settings (docs/spec/worldinfo.md §2): scan depth, budget, recursion, matching, minimum activations. */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { useFrame } from "../state/use-socket";
import type { WorldInfoSettings } from "./types";
import { useWorldInfoApi } from "./use-books";

const NUMBERS = ["scanDepth", "budgetPercent", "budgetCap", "minActivations", "minActivationsDepthMax"] as const;
const FLAGS = ["recursive", "caseSensitive", "matchWholeWords"] as const;

export function SettingsForm() {
  const { t } = useTranslation();
  const { socket } = useServices();
  const api = useWorldInfoApi();
  const { show } = useToasts();
  const [draft, setDraft] = useState<WorldInfoSettings | null>(null);
  const load = useAction(async () => setDraft(await api.settings()), { toastErrors: false });
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useFrame(socket, "worldinfo.changed", (frame) => {
    if (frame.settings) void reload();
  });
  const save = useAction(
    async (next: WorldInfoSettings) => {
      setDraft(await api.patchSettings(next));
      show({ kind: "success", message: t("worldinfo.settings.saved") });
    },
    { toastErrors: false },
  );
  if (!draft) return <ErrorNote error={load.error} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(draft);
  };
  return (
    <details className="card">
      <summary>{t("worldinfo.settings.title")}</summary>
      <form className="stack" onSubmit={submit}>
        <div className="row">
          {NUMBERS.map((key) => (
            <label key={key} className="field">
              <span>{t(`worldinfo.settings.${key}`)}</span>
              <input
                type="number"
                min={key === "budgetPercent" ? 1 : 0}
                max={key === "budgetPercent" ? 100 : undefined}
                value={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: Number(e.target.value) })}
              />
            </label>
          ))}
        </div>
        <div className="row">
          {FLAGS.map((key) => (
            <label key={key} className="checkbox">
              <input
                type="checkbox"
                checked={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
              />{" "}
              {t(`worldinfo.settings.${key}`)}
            </label>
          ))}
        </div>
        <ErrorNote error={save.error} />
        <BusyButton type="submit" variant="primary" busy={save.busy}>
          {t("worldinfo.settings.save")}
        </BusyButton>
      </form>
    </details>
  );
}
