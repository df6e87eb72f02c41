/**
 * Distinguishes 404 from 405: given the registered routes, which methods exist for a path.
 * Route patterns use Hono's syntax (`:param`, trailing `*`).
 */

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) {
        const custom = /^:[^{]+\{(.+)\}\??$/.exec(segment);
        return custom ? `(?:${custom[1]})` : "[^/]+";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source.replace(/\/\.\*$/, "(?:/.*)?")}/?$`);
}

/** Methods (upper-case, excluding ALL) whose routes match `path`. */
export function allowedMethods(routes: ReadonlyArray<{ method: string; path: string }>, path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL") continue;
    if (patternToRegExp(route.path).test(path)) methods.add(route.method.toUpperCase());
  }
  return [...methods].sort();
}
