import { Suspense, useRef, useState } from 'react';
import { Menu, Search } from 'lucide-react';
import { Outlet } from 'react-router';
import { PRODUCT_NAME } from '@shared/constants';
import { RouteBoundary } from '../components/RouteBoundary';
import { Button } from '../components/ui/Button';
import { Skeleton } from '../components/ui/Skeleton';
import { focusMainContent, MAIN_CONTENT_ID } from '../lib/focusMain';
import { LiveProvider } from '../live/LiveProvider';
import { useSetAtom } from '../state/jotai';
import { LazyCommandPalette, palette } from './LazyCommandPalette';
import { lazyPart } from './loadOnFirstUse';
import { LiveIndicator } from './LiveIndicator';
import { paletteOpenAtom, usePaletteShortcut } from './paletteState';
import { PresenceBar } from './PresenceBar';
import { Shortcuts } from './shortcuts/Shortcuts';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

function ScreenSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    </div>
  );
}

/**
 * The first stop of the Tab key: jumps past the sidebar and the top bar to the screen itself.
 * Hidden until focused. It moves the focus itself (the router would otherwise see a hash change).
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}

/** The drawer (Radix dialog) is for small screens only, and fetched the first time it opens. */
const drawerPart = lazyPart('navigation', () => import('./NavigationDrawer'));

/** The signed-in frame: sidebar (a drawer on small screens), top bar, and the current screen. */
export function Shell() {
  const [drawer, setDrawer] = useState(false);
  const openPalette = useSetAtom(paletteOpenAtom);
  usePaletteShortcut();
  const menuButton = useRef<HTMLButtonElement>(null);
  const Drawer = drawerPart.useLoaded(drawer);
  return (
    <LiveProvider>
      <SkipLink />
      <LazyCommandPalette />
      <Shortcuts />
      <div className="flex h-screen overflow-hidden">
        <aside className="hidden lg:block">
          <Sidebar />
        </aside>
        {Drawer && <Drawer.NavigationDrawer open={drawer} onOpenChange={setDrawer} menuButton={menuButton} />}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
            <Button ref={menuButton} variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation" aria-busy={drawer && !Drawer} onPointerEnter={drawerPart.preload} onFocus={drawerPart.preload} onClick={() => setDrawer(true)}>
              <Menu className="h-5 w-5" aria-hidden />
            </Button>
            <span className="font-semibold text-slate-900 lg:hidden">{PRODUCT_NAME}</span>
            <button
              type="button"
              onClick={() => openPalette(true)}
              onPointerEnter={palette.preload}
              onFocus={palette.preload}
              className="hidden h-9 w-full max-w-xs items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 text-sm text-slate-600 hover:border-slate-300 hover:bg-white md:flex"
              aria-keyshortcuts="Control+K Meta+K"
            >
              <Search className="h-4 w-4" aria-hidden />
              <span className="flex-1 text-left">Find anything…</span>
              <kbd className="rounded border border-slate-200 bg-white px-1.5 text-[11px] font-medium text-slate-500">Ctrl K</kbd>
            </button>
            <div className="flex flex-1 items-center justify-end gap-3 sm:gap-4">
              <PresenceBar />
              <LiveIndicator />
              <UserMenu />
            </div>
          </header>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 overflow-y-auto px-4 py-6 outline-none sm:px-8">
            {/* A screen that fails (its code did not load, or it broke) leaves the shell standing. */}
            <RouteBoundary>
              <Suspense fallback={<ScreenSkeleton />}>
                <Outlet />
              </Suspense>
            </RouteBoundary>
          </main>
        </div>
      </div>
    </LiveProvider>
  );
}
