/** Small display helpers shared by the chat, connection and run screens. */

/** A readable local date and time for an ISO string (the string itself when it does not parse). */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return "never";
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** 1234 → "1,234" (en-US grouping, stable across browsers). */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}
