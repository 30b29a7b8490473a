import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import './index.css';
import { SessionProvider } from './auth/session';
import { CenteredSpinner } from './components/ui/Spinner';
import { AppRoutes } from './routes';
import { Provider, appStore } from './state/jotai';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      <BrowserRouter>
        <SessionProvider>
          <Suspense fallback={<CenteredSpinner />}>
            <AppRoutes />
          </Suspense>
          <Toaster position="bottom-right" richColors closeButton />
        </SessionProvider>
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
