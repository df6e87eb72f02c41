/**
 * A tool row of a chat generation, collapsed under its assistant message (docs/spec/web-chat.md §3):
 * tool name, server and outcome on one line; arguments and the result on expand.
 */
import { useTranslation } from "react-i18next";
import { errorTemplate } from "../i18n/errors";
import { prettyJson, toolRowInfo } from "./message-meta";
import type { ChatMessage } from "./types";

export function ToolRow({ message, args }: { message: ChatMessage; args: string | undefined }) {
  const { t } = useTranslation();
  const info = toolRowInfo(message);
  // The outcome's code in words when the catalogue has a sentence for it (e.g. a declined
  // approval); the code itself stays on hover.
  const template = info.isError && info.code ? errorTemplate(info.code) : null;
  const sentence = template && !template.includes("{{") ? template : null;
  const outcome = info.isError
    ? (sentence ?? t("conversation.tool.failed", { code: info.code || info.outcome }))
    : info.outcome === "known_response"
      ? t("conversation.tool.ok")
      : info.outcome || t("conversation.tool.result");
  return (
    <details
      className={`tool-row${info.isError ? " tool-row-error" : ""}`}
      data-testid="tool-row"
      data-message-id={message.messageId}
    >
      <summary>
        <span className="tool-row-icon" aria-hidden="true">
          ⚙
        </span>{" "}
        <code className="tool-row-name">{info.tool}</code>
        {info.server && <span className="tool-row-server"> · {info.server}</span>}
        <span
          className={`badge ${info.isError ? "badge-error" : "badge-muted"}`}
          title={sentence ? info.code : undefined}
        >
          {outcome}
        </span>
      </summary>
      <div className="tool-row-body">
        <h4>{t("conversation.tool.arguments")}</h4>
        <pre data-testid="tool-arguments">
          {args !== undefined ? prettyJson(args) : t("conversation.tool.noArguments")}
        </pre>
        <h4>{t("conversation.tool.resultHeading")}</h4>
        <pre data-testid="tool-result">{prettyJson(message.text)}</pre>
      </div>
    </details>
  );
}
