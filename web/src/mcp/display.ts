/** Small display helpers of the MCP Manager (pure functions; ages in the current language). */
import { i18n } from "../i18n/i18n";

/**
 * The endpoint with any `user:password@` replaced by `•••@`, so credentials in a URL are never on
 * screen (screenshots, shoulder surfing). Unparseable text is returned as is.
 */
export function endpointForDisplay(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    if (!url.username && !url.password) return endpoint;
    url.username = "";
    url.password = "";
    return url.href.replace(/^([a-z][a-z0-9+.-]*:\/\/)/i, "$1•••@");
  } catch {
    return endpoint;
  }
}

/** True for a plain `http://` endpoint (unencrypted traffic, headers included). */
export function isPlainHttp(endpoint: string): boolean {
  return /^\s*http:/i.test(endpoint);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago" for an ISO time; "" when absent or invalid. */
export function ageOf(iso: string | undefined, now = Date.now()): string {
  if (!iso) return "";
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return i18n.t("mcp.age.justNow");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return i18n.t("mcp.age.minutes", { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return i18n.t("mcp.age.hours", { count: hours });
  return i18n.t("mcp.age.days", { count: Math.round(hours / 24) });
}

/** Pretty JSON (2 spaces) of any value, for read-only schema views. */
export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "";
}

/** A fresh call id (visible ASCII, ≤ 128 chars). */
export function newCallId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a server row's lamp and badge show (docs/spec/mcp-platform.md §15.5). */
export interface ServerHealth {
  /** CSS lamp modifier: green `active`, grey `paused`, amber `warn`. */
  lamp: "active" | "paused" | "warn";
  /** Catalogue key of the badge and the lamp's accessible name. */
  label: "mcp.row.active" | "mcp.row.paused" | "mcp.row.discoveryFailed" | "mcp.row.notDiscovered";
  /** The failed discovery's error (code + server message), shown under the endpoint. */
  error?: { code: string; message: string };
}

/**
 * A row's health from the server view and this device's discovery state: a paused server is grey;
 * an active one whose last discovery on this device failed is amber "discovery failed" (with the
 * error); an active one with no cached catalog (`fetchedAt` absent: discovery never succeeded,
 * e.g. an unreachable endpoint) is amber "no tools discovered"; otherwise green.
 */
export function serverHealth(
  server: { state: "active" | "paused"; fetchedAt?: string },
  discovery?: { result?: unknown; busy: boolean; error?: { code: string; message: string } },
): ServerHealth {
  if (server.state === "paused") return { lamp: "paused", label: "mcp.row.paused" };
  if (discovery?.error) return { lamp: "warn", label: "mcp.row.discoveryFailed", error: discovery.error };
  if (!server.fetchedAt && !discovery?.result) return { lamp: "warn", label: "mcp.row.notDiscovered" };
  return { lamp: "active", label: "mcp.row.active" };
}
