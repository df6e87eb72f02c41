/**
 * The bundled catalogues (docs/spec/i18n.md): per language, the `translation` namespace (one
 * object per area of the client) and the `errors` namespace (one sentence per dotted error code).
 * Every key exists in all three languages (tests/unit/web/i18n-catalogue.test.ts).
 */
import * as en from "./en";
import * as zhCN from "./zh-CN";
import * as zhTW from "./zh-TW";

function bundle<T extends { errors: Record<string, string> }>(area: T) {
  const { errors, ...translation } = area;
  return { translation, errors };
}

export const RESOURCES = {
  en: bundle(en),
  "zh-CN": bundle(zhCN),
  "zh-TW": bundle(zhTW),
};
