/**
 * The wire types the web client uses across features, imported type-only from src/contracts (the
 * one definition the server builds too; ADR 1700). Feature DTOs are in each feature's types.ts.
 */
export type { DeviceView as Device, IssuedDevice, PairingCode, WsTicket } from "../../../src/contracts/device-views";
export type { ErrorEnvelope } from "../../../src/contracts/error-envelope";
export type { ClientFrame } from "../../../src/contracts/frames";
export type { AgentRunEvent } from "../../../src/contracts/agent-run-views";
export type { ServerFrame, ServerFrameOf, ServerFrameType } from "../../../src/contracts/server-frames";
