/**
 * Swipe arrows under the last reply, as SillyTavern shows them: "‹" selects the previous
 * alternative, "›" the next one, or asks the model for a new one when this is the last; "n/N".
 */
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "./types";

export function SwipeControls({
  message,
  disabled,
  onSwipe,
}: {
  message: ChatMessage;
  disabled: boolean;
  onSwipe(direction: "previous" | "next"): void;
}) {
  const { t } = useTranslation();
  const total = message.swipes?.length ?? 1;
  const current = (message.swipeId ?? 0) + 1;
  return (
    <div className="swipe-controls" data-testid="swipe-controls">
      <button
        type="button"
        className="btn btn-ghost btn-small swipe-button"
        onClick={() => onSwipe("previous")}
        disabled={disabled || current <= 1}
        aria-label={t("conversation.swipe.previous")}
      >
        ‹
      </button>
      <span className="swipe-counter" data-testid="swipe-counter">
        {current}/{total}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-small swipe-button"
        onClick={() => onSwipe("next")}
        disabled={disabled}
        aria-label={current < total ? t("conversation.swipe.next") : t("conversation.swipe.new")}
      >
        ›
      </button>
    </div>
  );
}
