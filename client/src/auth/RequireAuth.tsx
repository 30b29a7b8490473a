import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CenteredSpinner } from '../components/ui/Spinner';
import { useSession } from './session';

/** The shell's guard: a spinner while the session loads; signed out goes to /login, remembering where. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <CenteredSpinner />;
  if (status !== 'authenticated' || !user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
