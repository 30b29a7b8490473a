import { useEffect, useState, type FormEvent } from 'react';
import { Building2 } from 'lucide-react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME, PRODUCT_SUBTITLE } from '@shared/constants';
import type { PublicConfig } from '@shared/schemas/auth';
import { endpoints } from '../../api/endpoints';
import { useSession } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';

interface FromState {
  from?: { pathname?: string; search?: string };
}

export default function LoginPage() {
  const { login, status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const target = from?.pathname && from.pathname !== '/login' ? `${from.pathname}${from.search ?? ''}` : '/';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [demo, setDemo] = useState<PublicConfig | null>(null);

  useEffect(() => {
    endpoints.config().then(setDemo, () => setDemo(null));
  }, []);

  if (status === 'authenticated') return <Navigate to={target} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setBusy(true);
    const result = await login(email, password);
    setBusy(false);
    if (result.success) navigate(target, { replace: true });
    else setError(result.message || 'Login failed');
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 via-white to-brand-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md">
            <Building2 className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</h1>
          <p className="mt-1 text-sm text-slate-600">{PRODUCT_SUBTITLE}</p>
        </div>
        <Card className="p-6">
          <form onSubmit={submit} className="space-y-4" noValidate={false}>
            <div className="space-y-1.5">
              <label htmlFor="email" className="text-sm font-medium text-slate-700">
                Email
              </label>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="you@company.com"
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor="password" className="text-sm font-medium text-slate-700">
                Password
              </label>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            {error && (
              <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {error}
              </div>
            )}
            <Button type="submit" className="w-full justify-center" disabled={busy}>
              {busy ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
          {demo?.demo_mode && demo.demo_email && demo.demo_password && (
            <div className="mt-6">
              <div className="relative flex items-center" role="separator" aria-label="Demo Account">
                <span className="h-px flex-1 bg-slate-200" />
                <span className="px-3 text-xs font-medium uppercase tracking-wide text-slate-500">Demo Account</span>
                <span className="h-px flex-1 bg-slate-200" />
              </div>
              <p className="mt-3 text-center text-sm text-slate-600">
                {demo.demo_email} / {demo.demo_password}
              </p>
              <Button
                variant="secondary"
                className="mt-3 w-full justify-center"
                onClick={() => {
                  setEmail(demo.demo_email ?? '');
                  setPassword(demo.demo_password ?? '');
                }}
              >
                Use Demo Credentials
              </Button>
            </div>
          )}
        </Card>
      </div>
    </main>
  );
}
