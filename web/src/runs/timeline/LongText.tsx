/**
 * A long text shown cut at `limit` characters with "Show all" (tool arguments and results, model
 * narration). Always plain text in a <pre>, never markup.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../i18n/format";

export function LongText({ text, limit = 1500, testId }: { text: string; limit?: number; testId?: string }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const long = text.length > limit;
  return (
    <div className="long-text">
      <pre data-testid={testId}>{all || !long ? text : `${text.slice(0, limit)}…`}</pre>
      {long && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setAll((v) => !v)}>
          {all ? t("runs.timeline.showLess") : t("runs.timeline.showAll", { chars: formatCount(text.length) })}
        </button>
      )}
    </div>
  );
}
