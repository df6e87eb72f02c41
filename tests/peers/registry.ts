/**
 * Loopback peers started for the workers project. Add one entry per peer; `start` must bind
 * 127.0.0.1 on a free port and resolve to its base URL. Tests read URLs with `inject("peers")[name]`.
 */
import { startEchoPeer } from "./echo-peer";
import { startMcpPeers } from "./mcp/peers";
import { startModelPeer } from "./model-peer";

export interface PeerHandle {
  url: string;
  close(): Promise<void>;
}

export interface Peer {
  name: string;
  start(): Promise<PeerHandle>;
}

export const PEERS: Peer[] = [
  { name: "echo", start: startEchoPeer },
  { name: "model", start: startModelPeer },
  ...startMcpPeers(),
];
