import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@shared/schemas/auth';
import { ApiError, clearToken, getToken, setToken } from '../api/client';
import { endpoints } from '../api/endpoints';

export type SessionStatus = 'unauthenticated' | 'loading' | 'authenticated';

/** The sign-in call's outcome, as the sign-in screen shows it. */
export interface LoginOutcome {
  success: boolean;
  message: string;
}

interface Session {
  status: SessionStatus;
  user: User | null;
  login(email: string, password: string): Promise<LoginOutcome>;
  logout(): void;
  /** Takes a newer copy of the signed-in user's own account (an administrator changed it). */
  updateUser(next: User): void;
}

const USER_STORAGE_KEY = 'user';
const SessionContext = createContext<Session | null>(null);

function forget() {
  clearToken();
  localStorage.removeItem(USER_STORAGE_KEY);
}

/**
 * Session states: unauthenticated, loading (a stored token is being checked with /auth/me),
 * authenticated (token and user both present). A failed check clears token and user.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<SessionStatus>(() => (getToken() ? 'loading' : 'unauthenticated'));

  useEffect(() => {
    if (status !== 'loading') return;
    let cancelled = false;
    endpoints
      .me()
      .then((me) => {
        if (cancelled) return;
        localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(me));
        setUser(me);
        setStatus('authenticated');
      })
      .catch(() => {
        if (cancelled) return;
        forget();
        setUser(null);
        setStatus('unauthenticated');
      });
    return () => {
      cancelled = true;
    };
  }, [status]);

  const login = useCallback(async (email: string, password: string): Promise<LoginOutcome> => {
    try {
      const result = await endpoints.login(email, password);
      if (!result?.access_token || !result.user) return { success: false, message: 'Login failed' };
      setToken(result.access_token);
      localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(result.user));
      setUser(result.user);
      setStatus('authenticated');
      return { success: true, message: '' };
    } catch (error) {
      if (error instanceof ApiError) return { success: false, message: error.message || 'Login failed' };
      return { success: false, message: 'An error occurred during login' };
    }
  }, []);

  const logout = useCallback(() => {
    forget();
    setUser(null);
    setStatus('unauthenticated');
  }, []);

  const updateUser = useCallback((next: User) => {
    setUser((current) => {
      if (!current || current.id !== next.id || next.version <= current.version) return current;
      localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const value = useMemo(() => ({ status, user, login, logout, updateUser }), [status, user, login, logout, updateUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used within a SessionProvider');
  return session;
}

/** The signed-in user; only for components rendered behind the authentication guard. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser must be used behind the authentication guard');
  return user;
}
