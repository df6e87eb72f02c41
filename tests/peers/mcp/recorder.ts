/**
 * Request recording shared by the MCP peers: each peer keeps the requests it received (method,
 * path, selected headers, raw body) so workerd tests can assert what a server actually saw.
 * Exposed over loopback as `GET <peer>/control/requests?route=<r>` and `POST <peer>/control/reset`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface RecordedRequest {
  at: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** JSON-RPC method of the body, when it parsed. */
  rpcMethod?: string;
}

export class RequestRecorder {
  private readonly entries: RecordedRequest[] = [];

  record(req: IncomingMessage, body: string): RecordedRequest {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value ?? "");
    let rpcMethod: string | undefined;
    try {
      const parsed = JSON.parse(body) as { method?: unknown };
      if (typeof parsed?.method === "string") rpcMethod = parsed.method;
    } catch {
      /* not JSON */
    }
    const entry: RecordedRequest = {
      at: Date.now(),
      method: req.method ?? "",
      path: req.url ?? "",
      headers,
      body,
      ...(rpcMethod ? { rpcMethod } : {}),
    };
    this.entries.push(entry);
    if (this.entries.length > 2000) this.entries.splice(0, this.entries.length - 2000);
    return entry;
  }

  /** Handles `/control/*`; returns false when the request is not a control request. */
  handleControl(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? "/", "http://peer");
    if (!url.pathname.startsWith("/control/")) return false;
    if (url.pathname === "/control/reset") {
      this.entries.length = 0;
      res.end("{}");
      return true;
    }
    if (url.pathname === "/control/requests") {
      const prefix = url.searchParams.get("route");
      const list = prefix ? this.entries.filter((entry) => entry.path.startsWith(prefix)) : this.entries;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ requests: list }));
      return true;
    }
    res.statusCode = 404;
    res.end("{}");
    return true;
  }
}
