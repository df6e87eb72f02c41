/**
 * Provider names in the current language: `long` for the form's picker ("OpenAI-compatible
 * (OpenRouter, Ollama…)"), short for rows. Brand names stay as they are; unknown ids show as is.
 */
import { useTranslation } from "react-i18next";
import { PROVIDERS } from "./types";

export function useProviderLabel(): (provider: string, form?: "long" | "short") => string {
  const { t } = useTranslation();
  return (provider, form = "long") => {
    const known = PROVIDERS.find((p) => p.id === provider);
    if (!known) return provider;
    const key = form === "long" ? `connections.providers.${provider}` : `connections.providersShort.${provider}`;
    return t(key, { defaultValue: form === "long" ? known.label : known.short });
  };
}
