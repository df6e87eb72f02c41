/**
 * The cancel signal of the step machine (docs/spec/agent-runtime.md §5): thrown by a step that
 * notices its run moved to `cancelling` (after every model request and every tool call), and
 * passed to `terminateRun` by cancel-run and the watchdog, so the run ends `cancelled` +
 * `run_cancelled`. Code `agent.cancelled`.
 */
import { AppError } from "../../../domain/errors";

/** Thrown to end the run as cancelled. */
export class RunCancelled extends AppError {
  constructor(message = "The run was cancelled.") {
    super("agent.cancelled", message);
  }
}
