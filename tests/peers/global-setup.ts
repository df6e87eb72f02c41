/**
 * Global setup of the workers project: starts every loopback peer in Node (MCP servers, hostile
 * fixtures, the scripted model server) and provides their base URLs to tests as
 * `inject("peers")`. Peers are listed in ./registry.ts; each binds 127.0.0.1 on a free port.
 */
import type { TestProject } from "vitest/node";
import { PEERS } from "./registry";

declare module "vitest" {
  export interface ProvidedContext {
    peers: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await Promise.all(PEERS.map(async (peer) => ({ name: peer.name, handle: await peer.start() })));
  project.provide("peers", Object.fromEntries(started.map(({ name, handle }) => [name, handle.url])));
  return async () => {
    await Promise.all(started.map(({ handle }) => handle.close().catch(() => undefined)));
  };
}
