/**
 * The outbound fetch of one short-lived MCP client (docs/spec/mcp-platform.md §12), given to the SDK
 * transport as its `fetch`:
 * - never follows a redirect: any 3xx becomes a `redirect` fault carrying the status and the
 *   `Location` (userinfo redacted), and the request fails;
 * - caps every POST response body at 4 MiB (`too_large` fault) and reports a body that breaks
 *   mid-stream, or a POST event stream that ends without a JSON-RPC result or error (`broken`
 *   fault); faults on a POST also fire `onFault` so the pending operation ends at once instead of
 *   waiting for its timeout;
 * - bounds the first request of the client by the connect timeout (time to response headers);
 * - turns a request that gets no answer at all (DNS failure, refused or reset connection) into a
 *   `connect_failed` fault with a person-readable message (./runtime-message), so the runtime's
 *   own text (workerd: `internal error; reference = …`) never reaches an error message;
 * - sends endpoint userinfo as Basic credentials (never in the URL);
 * - notes when a `tools/call` request left (the NotSent / OutcomeUnknown boundary).
 */
import { redactEndpoint } from "../../domain/mcp/endpoint";
import { MCP_LIMITS, formatSeconds } from "../../domain/mcp/gateway-limits";
import { connectFailureMessage } from "./runtime-message";

export type WireFaultKind = "redirect" | "too_large" | "broken" | "connect_timeout" | "connect_failed" | "http_status";

export interface WireFault {
  kind: WireFaultKind;
  message: string;
  status?: number;
}

export interface WireSessionOptions {
  /** Normalized endpoint, possibly with userinfo. */
  endpoint: string;
  connectMs: number;
}

export class WireSession {
  /** The first fault seen on this client (later ones are ignored). */
  fault: WireFault | null = null;
  /** True once a `tools/call` request was handed to the network. */
  toolsCallIssued = false;
  /** Number of requests made (for tests and logs). */
  requests = 0;
  /** Set before closing: stream errors after that are not faults. */
  closing = false;
  /** Called on a POST fault (aborts the pending operation). */
  onFault: ((fault: WireFault) => void) | null = null;
  /** The endpoint URL without userinfo (what the transport is given). */
  readonly url: URL;
  private readonly authorization: string | null;

  constructor(private readonly options: WireSessionOptions) {
    const url = new URL(options.endpoint);
    this.authorization =
      url.username || url.password
        ? `Basic ${btoa(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`)}`
        : null;
    url.username = "";
    url.password = "";
    this.url = url;
  }

  /** The FetchLike handed to StreamableHTTPClientTransport. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const first = this.requests === 0;
    this.requests += 1;
    const method = (init?.method ?? "GET").toUpperCase();
    const toolsCall = typeof init?.body === "string" && /"method"\s*:\s*"tools\/call"/.test(init.body);
    if (toolsCall) this.toolsCallIssued = true;
    const notice = typeof init?.body === "string" && /"method"\s*:\s*"notifications\/cancelled"/.test(init.body);
    const headers = new Headers(init?.headers);
    if (this.authorization && !headers.has("authorization")) headers.set("authorization", this.authorization);
    const controller = new AbortController();
    const outer = init?.signal;
    const relay = () => controller.abort(outer?.reason);
    if (outer?.aborted) relay();
    else outer?.addEventListener("abort", relay, { once: true });
    const timer =
      first && !toolsCall
        ? setTimeout(() => {
            this.note(
              {
                kind: "connect_timeout",
                message: `The server did not answer within ${formatSeconds(this.options.connectMs)} of connecting.`,
              },
              false,
            );
            controller.abort(new Error("connect timeout"));
          }, this.options.connectMs)
        : null;
    let response: Response;
    try {
      const pending = fetch(input, { ...init, headers, redirect: "manual", signal: controller.signal });
      if (notice) this.trackNotice(pending);
      response = await pending;
    } catch (error) {
      // No answer at all (DNS, refused, reset): the runtime's text is not for people (ADR 0391).
      if (!controller.signal.aborted && (first || method === "POST"))
        this.note({ kind: "connect_failed", message: connectFailureMessage(this.url) }, method === "POST");
      throw error;
    } finally {
      if (timer) clearTimeout(timer);
      outer?.removeEventListener("abort", relay);
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get("location");
      await response.body?.cancel().catch(() => undefined);
      const target = location
        ? redactEndpoint(new URL(location, String(input instanceof Request ? input.url : input)).href)
        : "(no Location)";
      const fault: WireFault = {
        kind: "redirect",
        status: response.status,
        message: `The server answered HTTP ${response.status} redirecting to ${target}; redirects are never followed.`,
      };
      this.note(fault, false);
      throw new Error(fault.message);
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (method === "POST" && declared > MCP_LIMITS.responseBytes) {
      await response.body?.cancel().catch(() => undefined);
      const fault: WireFault = { kind: "too_large", message: "The server's response is larger than 4 MiB." };
      this.note(fault, true);
      throw new Error(fault.message);
    }
    if (!response.body || method !== "POST") return response;
    const sse = (response.headers.get("content-type") ?? "").toLowerCase().includes("text/event-stream");
    return new Response(this.guardBody(response.body, sse), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  /**
   * Waits (at most `ms`) until every `notifications/cancelled` the SDK started has been answered,
   * so closing the client right after a timeout or cancel does not abort the notice on its way
   * out. A macrotask turn first lets the SDK's send, begun in microtasks, reach this fetch.
   */
  async flushNotices(ms: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.notices.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.notices]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    if (timer) clearTimeout(timer);
  }

  private readonly notices = new Set<Promise<unknown>>();

  private trackNotice(pending: Promise<Response>): void {
    const settled = pending.then(
      (response) => response.body?.cancel().catch(() => undefined),
      () => undefined,
    );
    this.notices.add(settled);
    void settled.finally(() => this.notices.delete(settled));
  }

  /** Records the first fault; POST faults also fire onFault. */
  note(fault: WireFault, fatal: boolean): void {
    if (this.closing) return;
    this.fault ??= fault;
    if (fatal) this.onFault?.(fault);
  }

  private guardBody(body: ReadableStream<Uint8Array>, sse: boolean): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let total = 0;
    let answered = !sse;
    let tail = "";
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          this.note(
            { kind: "broken", message: "The connection broke while the server's response was arriving." },
            true,
          );
          controller.error(error);
          return;
        }
        if (chunk.done) {
          // A POST event stream must carry the JSON-RPC response; ending without it is a broken exchange.
          if (!answered)
            this.note({ kind: "broken", message: "The server closed its event stream without answering." }, true);
          return controller.close();
        }
        total += chunk.value.byteLength;
        if (!answered) {
          const text = tail + decoder.decode(chunk.value, { stream: true });
          answered = /"(result|error)"\s*:/.test(text);
          tail = text.slice(-16);
        }
        if (total > MCP_LIMITS.responseBytes) {
          this.note({ kind: "too_large", message: "The server's response is larger than 4 MiB." }, true);
          await reader.cancel().catch(() => undefined);
          controller.error(new Error("response larger than 4 MiB"));
          return;
        }
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }
}
