import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { GMAIL_CALLBACK_PATH } from '@shared/schemas/gmail';
import { endpoints } from '../../api/endpoints';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { AFTER_CALLBACK, CALLBACK_MESSAGES, FAILURE_REDIRECT_MS, SUCCESS_REDIRECT_MS, callbackFailure, readCallback } from './callbackOutcome';
import { logFailure } from '../../lib/logFailure';

type Outcome = { kind: 'processing' } | { kind: 'success'; address: string } | { kind: 'error'; message: string };

/**
 * /auth/callback: where Google sends the browser back. Hands the code and state to the server
 * (which checks the state is this user's, unused and fresh, and exchanges the code), shows the
 * outcome, then returns to Settings: after 2 s on success, 3 s on failure.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const request = useMemo(() => readCallback(params), [params]);
  const [exchanged, setOutcome] = useState<Outcome>({ kind: 'processing' });
  const outcome = useMemo<Outcome>(() => (request.kind === 'refused' ? { kind: 'error', message: request.message } : exchanged), [request, exchanged]);
  // A code works once: the exchange is sent once, even when a development build runs effects twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || request.kind === 'refused') return;
    sent.current = true;
    endpoints
      .gmailCallback({ code: request.code, state: request.state, redirect_uri: `${window.location.origin}${GMAIL_CALLBACK_PATH}` })
      .then(
        (answer) => setOutcome(answer.success ? { kind: 'success', address: answer.gmail_address } : { kind: 'error', message: CALLBACK_MESSAGES.notSaved }),
        (error: unknown) => {
          logFailure('Gmail connection failed', error);
          setOutcome({ kind: 'error', message: callbackFailure(error) });
        },
      );
  }, [request]);

  useEffect(() => {
    if (outcome.kind === 'processing') return;
    const timer = setTimeout(() => navigate(AFTER_CALLBACK, { replace: true }), outcome.kind === 'success' ? SUCCESS_REDIRECT_MS : FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <div className="mx-auto max-w-md py-12">
      <Card className="p-8 text-center" data-testid="gmail-callback">
        {outcome.kind === 'processing' && (
          <div className="flex flex-col items-center gap-3">
            <Spinner className="h-8 w-8" label="Connecting Gmail" />
            <h1 className="text-lg font-semibold text-slate-900">Connecting Gmail...</h1>
            <p className="text-sm text-slate-600">Completing the connection with Google.</p>
          </div>
        )}
        {outcome.kind === 'success' && (
          <div role="status" className="flex flex-col items-center gap-3">
            <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
            <h1 className="text-lg font-semibold text-slate-900">Gmail connected</h1>
            <p className="text-sm text-slate-600">
              {outcome.address} is connected. Returning to Settings...
            </p>
          </div>
        )}
        {outcome.kind === 'error' && (
          <div role="alert" className="flex flex-col items-center gap-3">
            <XCircle className="h-10 w-10 text-red-600" aria-hidden />
            <h1 className="text-lg font-semibold text-slate-900">Gmail was not connected</h1>
            <p className="text-sm text-red-700">{outcome.message}</p>
            <p className="text-sm text-slate-600">Returning to Settings...</p>
          </div>
        )}
      </Card>
    </div>
  );
}
