/**
 * "Test activation": which entries a text would activate under the current settings
 * (docs/spec/worldinfo.md §3), with each entry's place and tokens, and whether the budget ran out.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import type { ActivationTestResult } from "./types";
import { useWorldInfoApi } from "./use-books";

export function ActivationTest({ bookIds }: { bookIds?: string[] }) {
  const { t } = useTranslation();
  const api = useWorldInfoApi();
  const [text, setText] = useState("");
  const [result, setResult] = useState<ActivationTestResult | null>(null);
  const test = useAction(async (value: string) => setResult(await api.test(value, bookIds)), { toastErrors: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void test.run(text);
  };
  return (
    <section className="card stack" aria-labelledby="wi-test-title">
      <h2 id="wi-test-title">{t("worldinfo.test.title")}</h2>
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span>{t("worldinfo.test.text")}</span>
          <textarea value={text} rows={3} onChange={(e) => setText(e.target.value)} />
        </label>
        <BusyButton type="submit" variant="secondary" busy={test.busy}>
          {t("worldinfo.test.run")}
        </BusyButton>
      </form>
      <ErrorNote error={test.error} />
      {result && (
        <div role="status" data-testid="activation-result">
          <p className="muted">
            {t("worldinfo.test.summary", {
              count: result.entries.length,
              used: result.usedTokens,
              budget: result.budgetTokens,
            })}
            {result.budgetExhausted ? ` ${t("worldinfo.test.exhausted")}` : ""}
          </p>
          <ul>
            {result.entries.map((e) => (
              <li key={`${e.bookId}#${e.uid}`}>
                <strong>{e.comment || `#${e.uid}`}</strong> <small className="muted">({e.world})</small> ·{" "}
                {t(`worldinfo.test.places.${e.positionName}`, { defaultValue: e.positionName })}
                {e.constant ? ` · ${t("worldinfo.entry.constant")}` : ""}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
