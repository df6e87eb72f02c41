/**
 * Response shapes of the /api/v1 routes the web client uses (docs/spec/hosted.md §2,
 * "HTTP API (v1)"). Request bodies and socket frames come from src/contracts as types only.
 */
export type { ClientFrame } from "../../../src/contracts/frames";

/** A device as GET /api/v1/devices lists it; `current` marks the calling device. */
export interface Device {
  id: string;
  name: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC, or null before first use. */
  lastSeenAt: string | null;
  revoked: boolean;
  current?: boolean;
}

/** What setup, recover and pair return: the only time a device token is ever shown. */
export interface IssuedDevice {
  userId: string;
  deviceId: string;
  /** `tte_<userId>_<secret>`. */
  deviceToken: string;
}

/** POST /api/v1/devices/pairing-codes: `code` is `<userId>.<secret>`, single use, 10 minutes. */
export interface PairingCode {
  code: string;
  /** ISO 8601 UTC. */
  expiresAt: string;
}

/** POST /api/v1/ws-tickets: single use, 60 seconds. */
export interface WsTicket {
  ticket: string;
  expiresAt: string;
}

/** The error envelope every /api/v1 failure carries (docs/spec/hosted.md §6). */
export interface ErrorEnvelope {
  error: { code: string; message: string; requestId?: string; details?: unknown };
}

/** A server → client socket frame: JSON with a noun.verb `type` (docs/spec/hosted.md §7). */
export interface ServerFrame {
  type: string;
  [field: string]: unknown;
}

/** One journal event of an agent run as `agent.event {event}` carries it (docs/spec/agent-runtime.md §9). */
export interface AgentRunEvent {
  seq: number;
  id: string;
  runId: string;
  timestamp: string;
  level: string;
  type: string;
  payload: unknown;
}
