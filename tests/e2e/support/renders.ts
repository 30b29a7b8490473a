import type { BrowserContext, Page } from '@playwright/test';

/**
 * Which list rows React re-rendered, counted in the page through the hook React offers its
 * developer tools (production builds call it too, after every commit). Each component that
 * rendered in a commit is put to the row it draws: the nearest `data-<entity>-id` on its first
 * element, or on an element around it. A component that is no row's (the page, a counter) counts
 * as `other`.
 *
 * Which components rendered: React marks each one it ran in this commit (flag 1, PerformedWork);
 * a subtree it skipped keeps its old children, so the walk stops where a fiber's child is still
 * its previous version's (as the developer tools do).
 */
const PROBE = `(() => {
  const COMPONENT = new Set([0, 1, 11, 15]); // function, class, forwardRef, simple memo
  const HOST = 5;
  const ROW_ID = /^data-[a-z]+-id$/;
  const rowOfHost = (fiber) => {
    const props = fiber.memoizedProps || {};
    for (const name of Object.keys(props)) if (ROW_ID.test(name) && typeof props[name] === 'string') return props[name];
    return null;
  };
  const rowOf = (fiber) => {
    let down = fiber.child;
    while (down && down.tag !== HOST) down = down.child;
    const own = down ? rowOfHost(down) : null;
    if (own) return own;
    for (let up = fiber.return; up; up = up.return) {
      if (up.tag === HOST) {
        const id = rowOfHost(up);
        if (id) return id;
      }
    }
    return null;
  };
  const counts = { rows: {}, other: 0, commits: 0 };
  const visit = (fiber) => {
    for (let child = fiber.child; child; child = child.sibling) {
      const fresh = child.alternate === null;
      if (COMPONENT.has(child.tag) && (fresh || (child.flags & 1) === 1)) {
        const row = rowOf(child);
        if (row) counts.rows[row] = (counts.rows[row] || 0) + 1;
        else counts.other++;
      }
      if (fresh || child.child !== child.alternate.child) visit(child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onCommitFiberRoot(_id, root) {
      counts.commits++;
      visit(root.current);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  window.__renders = {
    reset() { counts.rows = {}; counts.other = 0; counts.commits = 0; },
    read() { return { rows: { ...counts.rows }, other: counts.other, commits: counts.commits }; },
  };
})()`;

export interface Renders {
  /** Row id -> components of that row React ran. */
  rows: Record<string, number>;
  /** Components of no row (the screen, its counters, the shell). */
  other: number;
  commits: number;
}

/** Counts renders in every page of `context` from its first script on. */
export async function countRenders(context: BrowserContext): Promise<void> {
  await context.addInitScript(PROBE);
}

/** Starts counting afresh. */
export async function resetRenders(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __renders: { reset(): void } }).__renders.reset());
}

/** What rendered since the last reset, once the page has been idle for two frames (the commits of a push are over). */
export async function readRenders(page: Page): Promise<Renders> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __renders: { read(): Renders } }).__renders.read());
}

/** The rows that rendered. */
export const renderedRows = (renders: Renders): string[] => Object.keys(renders.rows).sort();
