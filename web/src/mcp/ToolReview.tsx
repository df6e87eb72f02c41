/**
 * A tool that changed since the user set its permission (docs/spec/approvals.md §7): what changed,
 * shown as a line diff of the description, input schema and annotations (what was approved →
 * what the server offers now), and "Accept the change", which restores the earlier level.
 */
import { diffLines } from "diff";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { formatWhen } from "../i18n/format";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer, McpTool } from "./types";

type Review = NonNullable<McpTool["review"]>;

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function DiffBlock({ label, before, after }: { label: string; before: string; after: string }) {
  const { t } = useTranslation();
  if (before === after) return null;
  return (
    <div className="mcp-review-field">
      <strong>{label}</strong>
      <pre className="mcp-review-diff" data-testid="mcp-review-diff">
        {diffLines(before, after).map((part, i) => {
          const kind = part.added ? "added" : part.removed ? "removed" : "same";
          const sign = part.added ? "+ " : part.removed ? "- " : "  ";
          const lines = part.value.replace(/\n$/, "").split("\n");
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity beyond their order
            <span key={i} className={`diff-${kind}`}>
              {kind !== "same" && <span className="visually-hidden">{t(`mcp.review.${kind}`)} </span>}
              {lines.map((line) => `${sign}${line}`).join("\n")}
              {"\n"}
            </span>
          );
        })}
      </pre>
    </div>
  );
}

export function ToolReview({ server, tool, review }: { server: McpServer; tool: McpTool; review: Review }) {
  const { t } = useTranslation();
  const { mcp, upsert } = useMcp();
  const accept = useAction(async () => upsert(await mcp.acceptReview(server.id, tool.nativeName, server.revision)));
  const descriptionBefore = `${review.previous.description ?? ""}\n`;
  const descriptionAfter = `${review.current.description ?? ""}\n`;
  const unchanged =
    descriptionBefore === descriptionAfter &&
    pretty(review.previous.inputSchema) === pretty(review.current.inputSchema) &&
    pretty(review.previous.annotations) === pretty(review.current.annotations);
  return (
    <div
      className="notice mcp-review"
      role="region"
      aria-label={t("mcp.review.label", { name: tool.nativeName })}
      data-testid="mcp-review"
    >
      <p>
        <strong>{t("mcp.review.title", { when: formatWhen(review.changedAt) })}</strong> {t("mcp.review.explain")}
      </p>
      {unchanged && <p>{t("mcp.review.cameBack")}</p>}
      <DiffBlock label={t("mcp.review.description")} before={descriptionBefore} after={descriptionAfter} />
      <DiffBlock
        label={t("mcp.review.inputSchema")}
        before={pretty(review.previous.inputSchema)}
        after={pretty(review.current.inputSchema)}
      />
      <DiffBlock
        label={t("mcp.review.annotations")}
        before={pretty(review.previous.annotations)}
        after={pretty(review.current.annotations)}
      />
      <BusyButton variant="primary" busy={accept.busy} onClick={() => void accept.run()}>
        {t("mcp.review.accept")}
      </BusyButton>
    </div>
  );
}
