/** A thin bar at the top of the page while any API request is in flight. */
import { useTranslation } from "react-i18next";
import { useInflightCount } from "../state/inflight";

export function ProgressBar() {
  const { t } = useTranslation();
  const count = useInflightCount();
  return (
    <div
      className={`progress${count > 0 ? " progress-active" : ""}`}
      role="progressbar"
      aria-label={t("common.progress")}
      aria-hidden={count === 0}
      aria-busy={count > 0}
    />
  );
}
