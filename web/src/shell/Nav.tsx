/**
 * The shell's navigation: one link per route, the current one marked with aria-current; screens
 * not built yet carry a "soon" tag (on phones the tag is dimmed text for screen readers only).
 */
import { Link } from "./Link";
import { ROUTES, type AppRoute } from "./routes";

export function Nav({ current }: { current: AppRoute | undefined }) {
  return (
    <nav className="nav" aria-label="Main">
      <ul>
        {ROUTES.map((route) => (
          <li key={route.path}>
            <Link
              href={route.path}
              aria-current={route === current ? "page" : undefined}
              className={`nav-link${route.ready ? "" : " nav-link-soon"}`}
            >
              <span>{route.label}</span>
              {!route.ready && (
                <>
                  <span className="nav-soon" aria-hidden="true">
                    soon
                  </span>
                  <span className="visually-hidden"> (coming soon)</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
