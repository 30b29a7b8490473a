import { useState } from 'react';
import { LogOut, Mail } from 'lucide-react';
import { GMAIL_CALLBACK_PATH, type GmailConnection } from '@shared/schemas/gmail';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { useGmailStatus } from '../gmail/useGmailStatus';
import { logFailure } from '../../lib/logFailure';

export const DISCONNECT_QUESTION = 'Are you sure you want to disconnect Gmail? This will stop email tracking.';

/**
 * The Gmail card's body on Settings → Integrations (managers and administrators): the user's own
 * connection with its address, Connect (off to Google, back through /auth/callback) and
 * Disconnect after the spec's question. A server without a Google client says what to set.
 */
export function GmailCard() {
  const gmail = useGmailStatus();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const connect = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { auth_url } = await endpoints.connectGmail(`${window.location.origin}${GMAIL_CALLBACK_PATH}`);
      window.location.assign(auth_url);
    } catch (e) {
      logFailure('Failed to generate OAuth URL', e);
      setFailure({ title: 'Failed to generate OAuth URL', reason: reasonOf(e) });
      setBusy(false);
    }
  };

  if (gmail.status === 'error') return <LoadFailed compact title="Failed to check Gmail status" error={gmail.error} onRetry={gmail.retry} />;
  if (gmail.status === 'loading' || !gmail.connection) {
    return (
      <p className="flex items-center gap-2">
        <Spinner className="h-4 w-4" label="Checking Gmail" /> Checking Gmail...
      </p>
    );
  }
  const { connection, setup } = gmail;
  return (
    <div className="space-y-3" data-testid="gmail-card">
      {failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
      {connection.connected ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="green">Connected</Badge>
            <span className="font-medium text-slate-900" data-testid="gmail-address">
              {connection.gmail_address}
            </span>
          </p>
          <p>E-mails with contacts and companies show on their profiles.</p>
          <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
            <LogOut className="h-4 w-4" aria-hidden /> Disconnect
          </Button>
        </>
      ) : setup && !setup.configured ? (
        <>
          <p className="flex items-center gap-2">
            <Badge tone="amber">Not set up</Badge> Gmail cannot be connected yet.
          </p>
          <p>
            An administrator sets {setup.missing_settings.map((name, i) => (
              <span key={name}>
                {i > 0 && ' and '}
                <code className="rounded bg-slate-100 px-1 text-xs text-slate-800">{name}</code>
              </span>
            ))}{' '}
            (a Google OAuth client) on the server and restarts it.
          </p>
        </>
      ) : (
        <>
          <p className="flex items-center gap-2">
            <Badge tone="grey">Not connected</Badge> Connect your Gmail account to see e-mail history.
          </p>
          <Button size="sm" onClick={() => void connect()} disabled={busy}>
            <Mail className="h-4 w-4" aria-hidden /> {busy ? 'Connecting...' : 'Connect Gmail'}
          </Button>
        </>
      )}
      {asking && <DisconnectDialog connection={connection} onClose={() => setAsking(false)} />}
    </div>
  );
}

/** Disconnects the connection as the user saw it (its version): one changed meanwhile is a 409 naming who. */
function DisconnectDialog({ connection, onClose }: { connection: GmailConnection; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const disconnect = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand({
        entity: 'gmail_status',
        id: connection.id,
        version: connection.version,
        optimistic: (row) => ({ ...row, connected: false, gmail_address: null, connected_at: null }),
        send: (meta) => endpoints.disconnectGmail(meta),
      });
      onClose();
    } catch (e) {
      logFailure('Failed to disconnect Gmail', e);
      setFailure({ title: 'Failed to disconnect Gmail', reason: reasonOf(e) });
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title="Disconnect Gmail"
      onClose={onClose}
      notice={failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
      primary={{ onClick: () => void disconnect(), label: 'Disconnect', busyLabel: 'Disconnecting...', busy, variant: 'danger' }}
    >
      <p className="text-sm text-slate-700">{DISCONNECT_QUESTION}</p>
    </ActionDialog>
  );
}
