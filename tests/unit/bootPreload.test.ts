import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathPattern, routeScreens } from '../../client/build/routeScreens';
import { inlineScriptSources } from '../../server/inlineScripts';

describe('The screen the boot script preloads for a path', () => {
  it('given the app routes, when read, then each list and profile path names its lazy screen', () => {
    const routes = routeScreens(readFileSync('client/src/routes.tsx', 'utf8'));
    expect(routes).toContainEqual({ path: '/offices', module: 'screens/offices/OfficesPage' });
    expect(routes).toContainEqual({ path: '/offices/:id', module: 'screens/offices/OfficeProfilePage' });
    expect(routes).toContainEqual({ path: '/', module: 'screens/dashboard/DashboardPage' });
    // The catch-all is not a screen a path can be told apart by.
    expect(routes.some((r) => r.path === '*')).toBe(false);
  });

  it.each([
    ['/offices', '/offices', true],
    ['/offices', '/offices/', true],
    ['/offices', '/offices/abc', false],
    ['/offices/:id', '/offices/abc', true],
    ['/offices/:id', '/offices/abc/def', false],
    ['/', '/', true],
    ['/', '/offices', false],
  ])('given the route %s, when the path is %s, then it matches: %s', (route, pathname, matches) => {
    expect(new RegExp(pathPattern(route)).test(pathname)).toBe(matches);
  });
});

describe('The inline scripts the Content-Security-Policy allows', () => {
  it('given a built page with an inline script, then its sha-256 is allowed, and scripts with a src add nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
    try {
      const boot = 'var a=1;';
      writeFileSync(path.join(dir, 'index.html'), `<html><head><script>${boot}</script><script type="module" src="/assets/main.js"></script></head></html>`);
      expect(inlineScriptSources(dir)).toEqual([`'sha256-${createHash('sha256').update(boot).digest('base64')}'`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given no built client, then none', () => {
    expect(inlineScriptSources(undefined)).toEqual([]);
    expect(inlineScriptSources('/nonexistent')).toEqual([]);
  });
});
