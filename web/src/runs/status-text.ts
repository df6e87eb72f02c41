/** Run statuses and generation types in the current language (unknown values: "calling_model" → "Calling model"). */
import { i18n } from "../i18n/i18n";

function fallback(value: string): string {
  const text = value.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "calling_model" → "Calling model" / "正在调用模型". */
export function statusText(status: string): string {
  return i18n.t(`runs.status.${status}`, { defaultValue: fallback(status) });
}

/** "normal" → "Normal" / "普通". */
export function generationLabel(type: string): string {
  return i18n.t(`runs.generation.${type}`, { defaultValue: fallback(type) });
}
