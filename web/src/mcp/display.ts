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
