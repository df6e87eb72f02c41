/** On a chat page: the chat's runs that are still working, live, each linking to its run page. */
import { useTranslation } from "react-i18next";
import { formatWhen } from "../i18n/format";
import { Link } from "../shell/Link";
import { RunStatusBadge } from "./RunStatusBadge";
import { ACTIVE_STATUSES } from "./types";
import { useRunList } from "./use-run-list";

export function ActiveRunsNote({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const { runs } = useRunList(chatId, ACTIVE_STATUSES);
  if (!runs || runs.length === 0) return null;
  return (
    <ul className="active-runs" aria-label={t("runs.activeLabel")}>
      {runs.map((run) => (
        <li key={run.runId}>
          <RunStatusBadge status={run.status} />{" "}
          <Link href={`/runs/${encodeURIComponent(run.runId)}`}>
            {t("runs.startedAt", { when: formatWhen(run.createdAt) })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
