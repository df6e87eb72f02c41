/**
 * The "may have executed" notice on a reply (docs/spec/generation.md §6): tool calls whose outcome
 * is unknown (a timeout, a restart or Stop inside the batch) may have run on the server. Shown on
 * every device until the user dismisses it (`PATCH` the message's `extra` without the notice).
 */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { extraWithoutNotice, outcomeUnknownCalls } from "./message-meta";
import type { ChatMessage } from "./types";
import { useChatsApi } from "./use-chats-api";

export function OutcomeBanner({
  chatId,
  message,
  onChanged,
}: {
  chatId: string;
  message: ChatMessage;
  onChanged(message: ChatMessage): void;
}) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  const calls = outcomeUnknownCalls(message);
  const dismiss = useAction(async () =>
    onChanged(await chats.editExtra(chatId, message.messageId, extraWithoutNotice(message), message.revision)),
  );
  if (calls.length === 0) return null;
  return (
    <div className="outcome-banner" role="alert" data-testid="outcome-banner">
      <p>
        <strong>{t("conversation.outcome.title", { count: calls.length })}</strong> {t("conversation.outcome.body")}
      </p>
      <ul>
        {calls.map((call) => (
          <li key={call.callId}>
            <code>{call.alias || call.toolId}</code>
          </li>
        ))}
      </ul>
      <BusyButton variant="secondary" busy={dismiss.busy} onClick={() => void dismiss.run()}>
        {t("conversation.outcome.dismiss")}
      </BusyButton>
    </div>
  );
}
