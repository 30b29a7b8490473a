/**
 * The screen module of each path in client/src/routes.tsx, read from its source: the lazy
 * screens (`const X = lazyScreen(() => import('./screens/...'))`) and the routes that show them
 * (`<Route path="/offices" element={<OfficesPage />} />`). Only a hint for preloading: a route
 * written some other way is simply not preloaded.
 */
export interface RouteScreen {
  /** The route's path as written ('/offices/:id'). */
  path: string;
  /** The screen's module, relative to client/src, without extension ('screens/offices/OfficesPage'). */
  module: string;
}

const LAZY = /const\s+(\w+)\s*=\s*lazyScreen\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'\s*\)/g;
const ROUTE = /<Route\s+path="([^"]+)"\s+element=\{<(\w+)[\s/>]/g;

export function routeScreens(source: string): RouteScreen[] {
  const modules = new Map([...source.matchAll(LAZY)].map((m) => [m[1]!, m[2]!]));
  return [...source.matchAll(ROUTE)].flatMap((m) => {
    const module = modules.get(m[2]!);
    return module && m[1] !== '*' ? [{ path: m[1]!, module }] : [];
  });
}

/** A route path as a regular expression over location.pathname (':id' is one segment). */
export function pathPattern(path: string): string {
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return path === '/' ? '^/$' : `^${body}/?$`;
}
