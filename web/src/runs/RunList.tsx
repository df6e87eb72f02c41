/**
 * `/runs`: agent runs newest first with a status filter (all, running, completed, failed or
 * partly done, cancelled) and, from a chat page, only that chat's runs (`?chat=`).
 */
import { DEFAULT_WRITER_ID } from "../profiles/types";
import { useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { SelectField } from "../components/SelectField";
import { formatWhen } from "../i18n/format";
import { Link } from "../shell/Link";
import { RunStatusBadge } from "./RunStatusBadge";
import { WaitingNote } from "./WaitingNote";
import { ACTIVE_STATUSES } from "./types";
import { useProfileNames } from "./use-profiles";
import { useRunList } from "./use-run-list";

const FILTERS = {
  all: { statuses: [] as readonly string[] },
  active: { statuses: ACTIVE_STATUSES },
  completed: { statuses: ["completed"] },
  failed: { statuses: ["failed", "partial_success"] },
  cancelled: { statuses: ["cancelled"] },
} as const;
type FilterKey = keyof typeof FILTERS;

export function RunList({ chatId: initialChatId }: { chatId: string | null }) {
  const { t } = useTranslation();
  const [chatId, setChatId] = useState(initialChatId);
  const [filter, setFilter] = useState<FilterKey>("all");
  const statuses = useMemo(() => FILTERS[filter].statuses, [filter]);
  const list = useRunList(chatId, statuses);
  const profileName = useProfileNames();
  const showAll = () => {
    setChatId(null);
    window.history.replaceState(null, "", "/runs");
  };
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t("runs.title")}</h1>
      <p className="muted">{t("runs.intro")}</p>
      <div className="row run-filters">
        <SelectField label={t("runs.show")} value={filter} onChange={(e) => setFilter(e.target.value as FilterKey)}>
          {Object.keys(FILTERS).map((key) => (
            <option key={key} value={key}>
              {t(`runs.filters.${key}`)}
            </option>
          ))}
        </SelectField>
        {chatId && (
          <p className="run-chat-filter">
            <Trans i18nKey="runs.onlyChat" components={{ a: <Link href={`/chats/${encodeURIComponent(chatId)}`} /> }} />{" "}
            <button type="button" className="btn btn-ghost btn-small" onClick={showAll}>
              {t("runs.showEveryChat")}
            </button>
          </p>
        )}
      </div>
      <section className="card" aria-labelledby="runs-title" aria-busy={list.loading}>
        <div className="card-head">
          <h2 id="runs-title">{t("runs.runs")}</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void list.reload()} disabled={list.loading}>
            {t("runs.refresh")}
          </button>
        </div>
        {list.loading && !list.runs && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t("runs.loading")}
          </p>
        )}
        <ErrorNote error={list.error} />
        {list.runs && list.runs.length === 0 && <p className="muted">{t("runs.empty")}</p>}
        {list.runs && list.runs.length > 0 && (
          <ul className="run-list" aria-label={t("runs.runs")}>
            {list.runs.map((run) => (
              <li key={run.runId} className="run-row" data-testid="run-row" data-run-id={run.runId}>
                <Link href={`/runs/${encodeURIComponent(run.runId)}`} className="run-link">
                  {t("runs.runOf", { when: formatWhen(run.createdAt) })}
                </Link>
                <RunStatusBadge status={run.status} />
                <WaitingNote waitingOn={run.waitingOn} />
                <span className="run-meta">
                  {run.chatTitle && (
                    <>
                      <span className="run-chat-title" data-testid="run-chat-title">
                        {run.chatTitle}
                      </span>{" "}
                      ·{" "}
                    </>
                  )}
                  {profileName(run.profileId ?? DEFAULT_WRITER_ID)} · {t("runs.commits", { count: run.commitCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {list.hasMore && (
          <button type="button" className="btn btn-secondary" onClick={list.loadMore} disabled={list.loadingMore}>
            {t("runs.loadMore")}
          </button>
        )}
      </section>
    </section>
  );
}
