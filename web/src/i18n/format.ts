/**
 * Dates and numbers in the client's current language through Intl (docs/spec/i18n.md): every
 * screen formats through these, never `toLocaleString()` without a locale.
 */
import { currentLanguage, i18n } from "./i18n";

/** A readable local date and time for an ISO string; the string itself when it does not parse; "never" for none. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return i18n.t("common.never");
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A local time of day with seconds (journal lines); the string itself when it does not parse. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
    date,
  );
}

/** 1234 → "1,234" with the current language's grouping. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(value);
}

/** A duration in milliseconds as "850 ms" / "1.2 s" in the current language's unit style. */
export function formatDuration(ms: number): string {
  const language = currentLanguage();
  if (ms < 1000) return new Intl.NumberFormat(language, { style: "unit", unit: "millisecond" }).format(Math.round(ms));
  return new Intl.NumberFormat(language, { style: "unit", unit: "second", maximumFractionDigits: 1 }).format(ms / 1000);
}

/** "3 minutes ago" style relative time for an ISO instant, in the current language. */
export function formatRelative(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, "second");
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  return rtf.format(Math.round(seconds / 86_400), "day");
}
