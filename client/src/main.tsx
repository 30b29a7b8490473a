import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import './index.css';
import { SessionProvider } from './auth/session';
import { RouteBoundary } from './components/RouteBoundary';
import { CenteredSpinner } from './components/ui/Spinner';
import { AppRoutes } from './routes';
import { Provider, appStore } from './state/jotai';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      <BrowserRouter>
        <SessionProvider>
          {/* The last line of defence: the shell's or sign-in page's code failing to load. */}
          <RouteBoundary fullPage>
            <Suspense fallback={<CenteredSpinner />}>
              <AppRoutes />
            </Suspense>
          </RouteBoundary>
          <Toaster position="bottom-right" richColors closeButton />
        </SessionProvider>
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
