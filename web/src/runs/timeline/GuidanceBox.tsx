/**
 * Guidance for a working run (docs/spec/agent-runtime.md §5): a text the model gets before its next
 * call. Refusals (`agent.guidance_*`) show under the box and keep the text.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../../components/BusyButton";
import { ErrorNote } from "../../components/ErrorNote";
import { useAction } from "../../state/use-action";
import { useTimelineApi } from "./use-timeline-api";

export function GuidanceBox({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  const [text, setText] = useState("");
  const [sent, setSent] = useState(false);
  const send = useAction(
    async () => {
      await api.guidance(runId, text);
      setText("");
      setSent(true);
    },
    { toastErrors: false },
  );
  return (
    <form
      className="card guidance-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void send.run();
      }}
    >
      <label htmlFor="guidance-text">
        <strong>{t("runs.timeline.guidanceLabel")}</strong>
      </label>
      <p className="muted">{t("runs.timeline.guidanceHint")}</p>
      <textarea
        id="guidance-text"
        rows={2}
        value={text}
        maxLength={16000}
        onChange={(e) => {
          setText(e.target.value);
          setSent(false);
        }}
      />
      <ErrorNote error={send.error} />
      {sent && (
        <p className="success" role="status">
          {t("runs.timeline.guidanceQueued")}
        </p>
      )}
      <BusyButton type="submit" variant="secondary" busy={send.busy} disabled={!text.trim()}>
        {t("runs.timeline.guidanceSend")}
      </BusyButton>
    </form>
  );
}
