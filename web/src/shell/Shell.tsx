/**
 * The signed-in app shell: skip link, progress bar, header (brand, live-connection indicator,
 * pending tool-call approvals on every screen, sign-out), navigation (sidebar on wide screens, scrolling strip on phones) and the current
 * screen from the routes table (shell/routes.tsx).
 */
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ApprovalCenter } from "../approvals/ApprovalCenter";
import { ProgressBar } from "../components/ProgressBar";
import { useServices } from "../state/services";
import { useSocketStatus } from "../state/use-socket";
import { ConnectionIndicator } from "./ConnectionIndicator";
import { Link } from "./Link";
import { Nav } from "./Nav";
import { navigate, usePath } from "./router";
import { LanguagePicker } from "./LanguagePicker";
import { DEFAULT_PATH, matchRoute } from "./routes";
import { SignOutButton } from "./SignOutButton";

export function Shell() {
  const { t } = useTranslation();
  const { socket } = useServices();
  const status = useSocketStatus(socket);
  const path = usePath();
  const route = matchRoute(path);

  useEffect(() => {
    if (path === "/" || path === "/index.html") navigate(DEFAULT_PATH, { replace: true });
  }, [path]);
  useEffect(() => {
    document.title = route ? t("shell.documentTitle", { screen: t(route.labelKey) }) : "TavernEdge";
  }, [route, t]);

  const Screen = route?.component;
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("shell.skipToContent")}
      </a>
      <ProgressBar />
      <header className="topbar">
        <Link href={DEFAULT_PATH} className="brand">
          TavernEdge
        </Link>
        <ConnectionIndicator status={status} onRetry={() => socket.retryNow()} />
        <ApprovalCenter />
        <LanguagePicker />
        <SignOutButton />
      </header>
      <div className="layout">
        <Nav current={route} />
        <main id="main" className="content" tabIndex={-1}>
          {Screen ? (
            <Screen />
          ) : (
            <section className="screen">
              <h1>{t("shell.notFoundTitle")}</h1>
              <p>
                <Trans i18nKey="shell.notFoundText" components={{ a: <Link href={DEFAULT_PATH} /> }} />
              </p>
            </section>
          )}
        </main>
      </div>
    </div>
  );
}
