/**
 * Client → server frame handlers by `type`. `ping` is built in; features add theirs
 * (the agent journal adds `agent.subscribe` / `agent.unsubscribe`).
 * A handler may throw AppError; the caller answers with an `error {code, message}` frame.
 */
import type { ClientFrame } from "../../src/contracts/frames";
import { sendFrame } from "../sockets";
import { agentSubscribe, agentUnsubscribe } from "./agent-runs";
import type { FrameHandler } from "./registry";

export const FRAME_HANDLERS: { [T in ClientFrame["type"]]?: FrameHandler<T> } = {
  ping: (_space, _hub, ws, frame) => sendFrame(ws, { type: "pong", ...(frame.id ? { id: frame.id } : {}) }),
  "agent.subscribe": agentSubscribe,
  "agent.unsubscribe": agentUnsubscribe,
};
