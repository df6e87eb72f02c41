/**
 * Hibernation-safe socket hub: everything about a socket lives in its attachment
 * (`{deviceId, subs}`) and its tag (`device:<id>`), never in object fields, so it survives eviction.
 */
import { AppError } from "../src/domain/errors";
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from "../src/contracts/frames";
import type { ServerFrame, SocketHub } from "../src/ports/space";

/** What each accepted socket carries across hibernation. */
export interface SocketAttachment {
  deviceId: string;
  subs: string[];
}

export function attachmentOf(ws: WebSocket): SocketAttachment {
  const value = ws.deserializeAttachment() as SocketAttachment | null;
  return value ?? { deviceId: "", subs: [] };
}

/** Sends a frame, ignoring sockets that are already closing. */
export function sendFrame(ws: WebSocket, frame: ServerFrame): void {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // The peer went away; its close handler cleans up.
  }
}

export class DurableObjectSocketHub implements SocketHub {
  constructor(private readonly ctx: DurableObjectState) {}

  broadcast(frame: ServerFrame): void {
    const text = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        /* closing */
      }
    }
  }

  publish(key: string, frame: ServerFrame): void {
    const text = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      if (!attachmentOf(ws).subs.includes(key)) continue;
      try {
        ws.send(text);
      } catch {
        /* closing */
      }
    }
  }

  /**
   * Closes every socket of `deviceId` with 4001, found by tag and, for safety, by attachment,
   * whatever the socket did before (docs/spec/hardening.md "Pairing codes and revoked devices").
   */
  closeDevice(deviceId: string, reason: string): void {
    const targets = new Set(this.ctx.getWebSockets(`device:${deviceId}`));
    for (const ws of this.ctx.getWebSockets()) if (attachmentOf(ws).deviceId === deviceId) targets.add(ws);
    for (const ws of targets) {
      try {
        ws.close(4001, reason);
      } catch {
        /* already closed */
      }
    }
  }

  /**
   * Adds `key` to the socket's subscriptions. Throws `ws.too_many_subscriptions` past
   * MAX_SUBSCRIPTIONS_PER_SOCKET.
   */
  subscribe(ws: WebSocket, key: string): void {
    const attachment = attachmentOf(ws);
    if (attachment.subs.includes(key)) return;
    if (attachment.subs.length >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      throw new AppError(
        "ws.too_many_subscriptions",
        `A socket can follow at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} runs at once; unsubscribe from one first.`,
      );
    }
    ws.serializeAttachment({ ...attachment, subs: [...attachment.subs, key] });
  }

  unsubscribe(ws: WebSocket, key: string): void {
    const attachment = attachmentOf(ws);
    ws.serializeAttachment({ ...attachment, subs: attachment.subs.filter((sub) => sub !== key) });
  }
}
