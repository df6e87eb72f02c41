/**
 * WebSocket handlers for `agent.subscribe {runId, afterSeq}` and `agent.unsubscribe {runId}`
 * (docs/spec/hosted.md §7; docs/spec/journal.md).
 *
 * Subscribe sends the backlog after `afterSeq` as `agent.event` frames, then
 * `agent.subscribed {runId, lastSeq}`, then live events, with no gap and no duplicate: the
 * attachment update (hub.subscribe) and the backlog read and send happen in one synchronous section
 * with no await in between (JournalService.followRun), so no append can interleave. The
 * subscription lives in the socket attachment and so survives hibernation; at most
 * MAX_SUBSCRIPTIONS_PER_SOCKET per socket (`ws.too_many_subscriptions`).
 * Unknown run → `error {code:"agent.run_not_found", message, runId}` and no subscription.
 * Unsubscribe is silent and idempotent (frames of one socket are handled in order, so a later
 * `ping` → `pong` confirms it).
 */
import { AppError } from "../../src/domain/errors";
import { agentRunServices } from "../../src/composition/agent-runs";
import { runTopic } from "../../src/application/agent/journal";
import { sendFrame } from "../sockets";
import type { FrameHandler } from "./registry";

export const agentSubscribe: FrameHandler<"agent.subscribe"> = (space, hub, ws, frame) => {
  try {
    agentRunServices(space).journal.followRun(frame.runId, frame.afterSeq, {
      follow: () => hub.subscribe(ws, runTopic(frame.runId)),
      send: (out) => sendFrame(ws, out),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "agent.run_not_found") {
      sendFrame(ws, { type: "error", code: error.code, message: error.message, runId: frame.runId });
      return;
    }
    throw error;
  }
};

export const agentUnsubscribe: FrameHandler<"agent.unsubscribe"> = (_space, hub, ws, frame) => {
  hub.unsubscribe(ws, runTopic(frame.runId));
};
