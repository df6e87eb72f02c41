/**
 * The shell's navigation: one link per route, the current one marked with aria-current; screens
 * not built yet carry a "soon" tag (on phones the tag is dimmed text for screen readers only).
 */
import { useTranslation } from "react-i18next";
import { Link } from "./Link";
import { ROUTES, type AppRoute } from "./routes";

export function Nav({ current }: { current: AppRoute | undefined }) {
  const { t } = useTranslation();
  return (
    <nav className="nav" aria-label={t("shell.mainNav")}>
      <ul>
        {ROUTES.map((route) => (
          <li key={route.path}>
            <Link
              href={route.path}
              aria-current={route === current ? "page" : undefined}
              className={`nav-link${route.ready ? "" : " nav-link-soon"}`}
            >
              <span>{t(route.labelKey)}</span>
              {!route.ready && (
                <>
                  <span className="nav-soon" aria-hidden="true">
                    {t("shell.soon")}
                  </span>
                  <span className="visually-hidden">{t("shell.comingSoon")}</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
