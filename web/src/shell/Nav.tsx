/** The shell's navigation: one link per route, the current one marked with aria-current. */
import { Link } from "./Link";
import { ROUTES, type AppRoute } from "./routes";

export function Nav({ current }: { current: AppRoute | undefined }) {
  return (
    <nav className="nav" aria-label="Main">
      <ul>
        {ROUTES.map((route) => (
          <li key={route.path}>
            <Link href={route.path} aria-current={route === current ? "page" : undefined} className="nav-link">
              <span>{route.label}</span>
              {!route.ready && <span className="nav-soon">soon</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
