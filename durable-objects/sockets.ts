/**
 * Hibernation-safe socket hub: everything about a socket lives in its attachment
 * (`{deviceId, subs}`) and its tag (`device:<id>`), never in object fields, so it survives eviction
 * (memory only remembers attachments already read, per socket object).
 */
import { AppError } from "../src/domain/errors";
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from "../src/contracts/frames";
import type { ServerFrame, SocketHub } from "../src/ports/space";

/** What each accepted socket carries across hibernation. */
export interface SocketAttachment {
  deviceId: string;
  subs: string[];
}

/**
 * Attachments already read, by socket object: a run's every journal event is offered to every
 * socket, and deserializing an attachment each time cost more than the send (issue 31). After
 * hibernation the sockets are new objects, read once again. Written only by setAttachment.
 */
const attachments = new WeakMap<WebSocket, SocketAttachment>();

export function attachmentOf(ws: WebSocket): SocketAttachment {
  const known = attachments.get(ws);
  if (known) return known;
  const value = (ws.deserializeAttachment() as SocketAttachment | null) ?? { deviceId: "", subs: [] };
  attachments.set(ws, value);
  return value;
}

/** Stores a socket's attachment (survives hibernation) and remembers it. */
export function setAttachment(ws: WebSocket, value: SocketAttachment): void {
  ws.serializeAttachment(value);
  attachments.set(ws, value);
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
  /**
   * The object's sockets as last asked of the runtime, or null. A run offers every journal event to
   * every socket, and asking each time was a measurable share of an agent round (issue 31). The
   * list changes only when this object accepts a socket or one closes or fails (`changed()`); a
   * socket found closed on send also drops it. After hibernation the hub is new and asks again.
   */
  private sockets: WebSocket[] | null = null;

  constructor(private readonly ctx: DurableObjectState) {}

  /** Forgets the socket list: call after accepting a socket and when one closes or fails. */
  changed(): void {
    this.sockets = null;
  }

  private all(): WebSocket[] {
    this.sockets ??= this.ctx.getWebSockets();
    return this.sockets;
  }

  private send(ws: WebSocket, text: string): void {
    try {
      ws.send(text);
    } catch {
      // Closing: its close handler cleans up; meanwhile ask the runtime again next time.
      this.changed();
    }
  }

  broadcast(frame: ServerFrame): void {
    const sockets = this.all();
    if (sockets.length === 0) return;
    const text = JSON.stringify(frame);
    for (const ws of sockets) this.send(ws, text);
  }

  publish(key: string, frame: ServerFrame): void {
    let text: string | null = null;
    for (const ws of this.all()) {
      if (!attachmentOf(ws).subs.includes(key)) continue;
      text ??= JSON.stringify(frame);
      this.send(ws, text);
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
    this.changed();
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
    setAttachment(ws, { ...attachment, subs: [...attachment.subs, key] });
  }

  unsubscribe(ws: WebSocket, key: string): void {
    const attachment = attachmentOf(ws);
    setAttachment(ws, { ...attachment, subs: attachment.subs.filter((sub) => sub !== key) });
  }
}
