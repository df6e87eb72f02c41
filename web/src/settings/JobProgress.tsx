/** A determinate progress bar for an export or restore: items done of the plan. */
import { useTranslation } from "react-i18next";

export function JobProgress({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useTranslation();
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div className="job-progress">
      <progress max={Math.max(total, 1)} value={total === 0 ? 1 : done} aria-label={label} />
      <span className="muted">{t("settings.progress", { done, total, percent })}</span>
    </div>
  );
}
