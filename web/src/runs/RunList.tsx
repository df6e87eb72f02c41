/**
 * `/runs`: agent runs newest first with a status filter (all, running, completed, failed or
 * partly done, cancelled) and, from a chat page, only that chat's runs (`?chat=`).
 */
import { useMemo, useState } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { SelectField } from "../components/SelectField";
import { formatWhen } from "../chats/format";
import { Link } from "../shell/Link";
import { RunStatusBadge } from "./RunStatusBadge";
import { ACTIVE_STATUSES } from "./types";
import { useRunList } from "./use-run-list";

const FILTERS = {
  all: { label: "All runs", statuses: [] as readonly string[] },
  active: { label: "Running", statuses: ACTIVE_STATUSES },
  completed: { label: "Completed", statuses: ["completed"] },
  failed: { label: "Failed or partly done", statuses: ["failed", "partial_success"] },
  cancelled: { label: "Cancelled", statuses: ["cancelled"] },
} as const;
type FilterKey = keyof typeof FILTERS;

export function RunList({ chatId: initialChatId }: { chatId: string | null }) {
  const [chatId, setChatId] = useState(initialChatId);
  const [filter, setFilter] = useState<FilterKey>("all");
  const statuses = useMemo(() => FILTERS[filter].statuses, [filter]);
  const list = useRunList(chatId, statuses);
  const showAll = () => {
    setChatId(null);
    window.history.replaceState(null, "", "/runs");
  };
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Agent runs</h1>
      <p className="muted">
        Start a run from a chat page with “Run agent”. Runs continue on the server when you close this page.
      </p>
      <div className="row run-filters">
        <SelectField label="Show" value={filter} onChange={(e) => setFilter(e.target.value as FilterKey)}>
          {Object.entries(FILTERS).map(([key, f]) => (
            <option key={key} value={key}>
              {f.label}
            </option>
          ))}
        </SelectField>
        {chatId && (
          <p className="run-chat-filter">
            Only runs of <Link href={`/chats/${encodeURIComponent(chatId)}`}>this chat</Link>.{" "}
            <button type="button" className="btn btn-ghost btn-small" onClick={showAll}>
              Show runs of every chat
            </button>
          </p>
        )}
      </div>
      <section className="card" aria-labelledby="runs-title" aria-busy={list.loading}>
        <div className="card-head">
          <h2 id="runs-title">Runs</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void list.reload()} disabled={list.loading}>
            Refresh
          </button>
        </div>
        {list.loading && !list.runs && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading runs…
          </p>
        )}
        <ErrorNote error={list.error} />
        {list.runs && list.runs.length === 0 && <p className="muted">No runs here yet.</p>}
        {list.runs && list.runs.length > 0 && (
          <ul className="run-list" aria-label="Runs">
            {list.runs.map((run) => (
              <li key={run.runId} className="run-row" data-testid="run-row" data-run-id={run.runId}>
                <Link href={`/runs/${encodeURIComponent(run.runId)}`} className="run-link">
                  Run of {formatWhen(run.createdAt)}
                </Link>
                <RunStatusBadge status={run.status} />
                <span className="run-meta">
                  {run.profileId ?? "default-writer"} · {run.commitCount} {run.commitCount === 1 ? "commit" : "commits"}
                </span>
              </li>
            ))}
          </ul>
        )}
        {list.hasMore && (
          <button type="button" className="btn btn-secondary" onClick={list.loadMore} disabled={list.loadingMore}>
            Load more runs
          </button>
        )}
      </section>
    </section>
  );
}
