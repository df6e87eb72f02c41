/**
 * Frame handler registry: the client → server socket frames UserSpace answers. Each feature defines
 * its handlers in its own file (`durable-objects/frames/<feature>.ts`) and they are merged by
 * `type` in `./index.ts`. A handler may throw AppError; the caller answers with an
 * `error {code, message}` frame. Frame types and schemas: src/contracts/frames.ts.
 */
import type { ClientFrame } from "../../src/contracts/frames";
import type { Space } from "../../src/ports/space";
import type { DurableObjectSocketHub } from "../sockets";

/** Handles one validated client frame of type `T` on socket `ws`. */
export type FrameHandler<T extends ClientFrame["type"] = ClientFrame["type"]> = (
  space: Space,
  hub: DurableObjectSocketHub,
  ws: WebSocket,
  frame: Extract<ClientFrame, { type: T }>,
) => Promise<void> | void;
