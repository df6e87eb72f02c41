/**
 * Approvals on every screen (docs/spec/approvals.md): a badge in the header with the number of tool
 * calls waiting for the user, and a panel (a bottom sheet on phones) listing them with their
 * decisions. A new request opens the panel wherever the user is; it can be hidden and reopened
 * from the badge. Answered on another device, an approval disappears here too.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApprovalCard } from "./ApprovalCard";
import { useApprovals } from "./use-approvals";
import "./approvals.css";

export function ApprovalCenter() {
  const { t } = useTranslation();
  const { pending, requestedCount, decide } = useApprovals();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (requestedCount > 0) setOpen(true);
  }, [requestedCount]);
  useEffect(() => {
    if (pending.length === 0) setOpen(false);
  }, [pending.length]);

  if (pending.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary approval-badge"
        data-testid="approval-badge"
        aria-expanded={open}
        aria-controls="approval-panel"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="approval-dot" aria-hidden="true" />
        {t("approvals.badge", { count: pending.length })}
      </button>
      {open && (
        <section
          id="approval-panel"
          className="approval-panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby="approval-panel-title"
          data-testid="approval-panel"
        >
          <div className="approval-panel-head">
            <h2 id="approval-panel-title">{t("approvals.title", { count: pending.length })}</h2>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t("approvals.hide")}
            </button>
          </div>
          <p className="muted">{t("approvals.explain")}</p>
          <ul className="approval-list">
            {pending.map((approval) => (
              <ApprovalCard key={approval.id} approval={approval} decide={decide} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
