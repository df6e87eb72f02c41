/**
 * One pending approval: the tool and its server, where it comes from (the Agent run or the chat),
 * the arguments the model sent, when it expires, and Approve / Deny / Always allow
 * (docs/spec/approvals.md §4).
 */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { formatWhen } from "../i18n/format";
import { Link } from "../shell/Link";
import { useAction } from "../state/use-action";
import type { ApprovalDecision, ApprovalView } from "./use-approvals";

export function ApprovalCard({
  approval,
  decide,
}: {
  approval: ApprovalView;
  decide(id: string, decision: ApprovalDecision): Promise<void>;
}) {
  const { t } = useTranslation();
  const action = useAction((decision: ApprovalDecision) => decide(approval.id, decision));
  const where = approval.runId
    ? { href: `/runs/${encodeURIComponent(approval.runId)}`, label: t("approvals.fromRun") }
    : { href: `/chats/${encodeURIComponent(approval.chatId)}`, label: t("approvals.fromChat") };
  return (
    <li className="approval-card" data-testid="approval-card" data-approval-id={approval.id}>
      <div className="approval-head">
        <strong data-testid="approval-tool">{approval.alias}</strong>
        <span className="muted">{t("approvals.onServer", { server: approval.serverName })}</span>
      </div>
      <div className="approval-meta">
        <Link href={where.href}>{where.label}</Link>
        <span className="muted">{t("approvals.expires", { when: formatWhen(approval.expiresAt) })}</span>
      </div>
      <details className="approval-args" open>
        <summary>{t("approvals.arguments")}</summary>
        <pre data-testid="approval-arguments">{approval.argumentsPreview}</pre>
      </details>
      <div className="approval-actions" role="group" aria-label={t("approvals.decideGroup", { tool: approval.alias })}>
        <BusyButton variant="primary" busy={action.busy} onClick={() => void action.run("approve")}>
          {t("approvals.approve")}
        </BusyButton>
        <BusyButton variant="danger" busy={action.busy} onClick={() => void action.run("deny")}>
          {t("approvals.deny")}
        </BusyButton>
        <BusyButton busy={action.busy} onClick={() => void action.run("always_allow")}>
          {t("approvals.alwaysAllow")}
        </BusyButton>
      </div>
    </li>
  );
}
