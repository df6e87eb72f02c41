/** A thin bar at the top of the page while any API request is in flight. */
import { useInflightCount } from "../state/inflight";

export function ProgressBar() {
  const count = useInflightCount();
  return (
    <div
      className={`progress${count > 0 ? " progress-active" : ""}`}
      role="progressbar"
      aria-label="Loading"
      aria-hidden={count === 0}
      aria-busy={count > 0}
    />
  );
}
