/**
 * "Run agent" on a chat page: pick a profile (directly runnable ones; default-writer first) and a
 * model connection (the default one preselected), then POST /api/v1/agent/runs (generationType
 * "normal"; the server builds the prompt from the chat, docs/decisions/1902) and open the run page. Without any connection it links to the Connections screen instead.
 */
import { profileName } from "../profiles/profile-name";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { SelectField } from "../components/SelectField";
import { useConnections } from "../connections/use-connections";
import { Link } from "../shell/Link";
import { navigate } from "../shell/router";
import { useAction } from "../state/use-action";
import { ActiveRunsNote } from "./ActiveRunsNote";
import { DEFAULT_PROFILE, useRunnableProfiles } from "./use-profiles";
import { useRunsApi } from "./use-runs-api";

export function RunAgentPanel({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const runs = useRunsApi();
  const profiles = useRunnableProfiles();
  const { connections } = useConnections();
  const [profileId, setProfileId] = useState(DEFAULT_PROFILE.id);
  const [picked, setPicked] = useState<string | null>(null);
  const connectionId = picked ?? connections?.find((c) => c.isDefault)?.id ?? connections?.[0]?.id ?? "";
  const start = useAction(
    async () => {
      const handle = await runs.start({
        stableChatId: chatId,
        generationType: "normal",
        profileId,
        ...(connectionId ? { connectionId } : {}),
      });
      navigate(`/runs/${encodeURIComponent(handle.runId)}`);
    },
    { toastErrors: false },
  );
  const noConnection = connections !== null && connections.length === 0;
  return (
    <section className="card run-agent" aria-labelledby="run-agent-title">
      <h2 id="run-agent-title">{t("runs.panel.title")}</h2>
      {noConnection ? (
        <p>
          <Trans i18nKey="runs.panel.needConnection" components={{ a: <Link href="/connections" /> }} />
        </p>
      ) : (
        <div className="run-agent-controls">
          <SelectField label={t("runs.panel.profile")} value={profileId} onChange={(e) => setProfileId(e.target.value)}>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {profileName(t, p.id, p.displayName)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("runs.panel.connection")}
            value={connectionId}
            onChange={(e) => setPicked(e.target.value)}
            disabled={!connections}
          >
            {!connections && <option value="">{t("runs.panel.loading")}</option>}
            {connections?.map((c) => (
              <option
                key={c.id}
                value={c.id}
              >{`${c.name}${c.isDefault ? t("runs.panel.defaultSuffix") : ""} · ${c.modelId}`}</option>
            ))}
          </SelectField>
          <BusyButton
            variant="primary"
            busy={start.busy}
            busyLabel={t("runs.panel.starting")}
            onClick={() => void start.run()}
            disabled={!connectionId}
          >
            {t("runs.panel.run")}
          </BusyButton>
        </div>
      )}
      <ErrorNote error={start.error} />
      <ActiveRunsNote chatId={chatId} />
    </section>
  );
}
