import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Mail, RefreshCw } from 'lucide-react';
import { POLICY, may } from '@shared/policy';
import type { GmailEmail, GmailEmailsQuery } from '@shared/schemas/gmail';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { ActionDialog } from '../../components/ActionDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { emailDate } from './emailDate';
import { AFTER_CALLBACK } from './callbackOutcome';
import { useGmailStatus } from './useGmailStatus';

export interface EmailHistoryProps {
  contactId?: string;
  companyId?: string;
  title?: string;
}

/**
 * The e-mail history of a contact, or of a company (messages to or from any of its contacts),
 * read from the user's own connected Gmail: a connection badge, then the messages with the
 * unread ones highlighted. Not connected: where to connect. Viewers: 'Requires Manager Role'.
 */
export function EmailHistoryPanel({ contactId, companyId, title = 'Email History' }: EmailHistoryProps) {
  const user = useUser();
  return (
    <section className="space-y-3" data-testid="email-history" aria-label={title}>
      {may(user, 'gmail.connect') ? (
        <ConnectedHistory contactId={contactId} companyId={companyId} title={title} />
      ) : (
        <>
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          <Notice>
            <p className="text-sm font-medium text-amber-800">{POLICY['gmail.connect'].refusal}</p>
            <p className="text-sm text-slate-600">E-mail history is available to managers and administrators.</p>
          </Notice>
        </>
      )}
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center">
      <Mail className="h-6 w-6 text-slate-400" aria-hidden />
      {children}
    </div>
  );
}

function ConnectedHistory({ contactId, companyId, title }: Required<Pick<EmailHistoryProps, 'title'>> & EmailHistoryProps) {
  const gmail = useGmailStatus();
  const connected = gmail.connection?.connected ?? false;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {gmail.connection &&
          (connected ? (
            <Badge tone="green" data-testid="gmail-badge">
              Gmail connected · {gmail.connection.gmail_address}
            </Badge>
          ) : (
            <Badge tone="grey" data-testid="gmail-badge">
              Gmail not connected
            </Badge>
          ))}
      </div>
      {gmail.status === 'error' ? (
        <LoadFailed compact title="Failed to check Gmail status" error={gmail.error} onRetry={gmail.retry} />
      ) : gmail.status === 'loading' || !gmail.connection ? (
        <Loading label="Checking Gmail" />
      ) : connected ? (
        <EmailList query={contactId ? { contact_id: contactId } : { company_id: companyId }} address={gmail.connection.gmail_address} />
      ) : (
        <Notice>
          <p className="text-sm font-medium text-slate-900">Gmail is not connected</p>
          <p className="text-sm text-slate-600">
            Connect your Gmail account in{' '}
            <Link to={AFTER_CALLBACK} className="font-medium text-brand-700 hover:underline">
              Settings → Integrations
            </Link>{' '}
            to see the e-mails exchanged here.
          </p>
        </Notice>
      )}
    </>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-600">
      <Spinner className="h-4 w-4" label={label} /> {label}...
    </p>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; emails: GmailEmail[] } | { status: 'error'; error: unknown };

/** The messages, loaded for the contact or company and again when the connected account changes. */
function EmailList({ query, address }: { query: GmailEmailsQuery; address: string | null }) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<{ key: string; state: Load } | null>(null);
  const key = `${query.contact_id ?? ''}|${query.company_id ?? ''}|${address ?? ''}|${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    endpoints.gmailEmails(query, controller.signal).then(
      (emails) => setLoad({ key, state: { status: 'ready', emails } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- `key` names everything the load depends on

  const state: Load = load?.key === key ? load.state : { status: 'loading' };
  if (state.status === 'loading') return <Loading label="Loading emails" />;
  if (state.status === 'error') return <LoadFailed compact title="Failed to load emails" error={state.error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (state.emails.length === 0) {
    return (
      <Notice>
        <p className="text-sm font-medium text-slate-900">No Emails Found</p>
        <p className="text-sm text-slate-600">No messages to or from this address in {address}.</p>
      </Notice>
    );
  }
  const now = new Date();
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200" data-testid="email-list">
        {state.emails.map((email) => (
          <li
            key={email.id}
            data-testid="email-item"
            data-unread={email.is_read ? undefined : 'true'}
            className={cn('flex gap-3 px-4 py-3', email.is_read ? 'bg-white' : 'border-l-4 border-l-brand-500 bg-brand-50')}
          >
            <div className="min-w-0 flex-1">
              <p className={cn('truncate text-sm text-slate-900', !email.is_read && 'font-semibold')}>
                {!email.is_read && <span className="sr-only">Unread: </span>}
                {email.subject}
              </p>
              <p className="truncate text-xs text-slate-600">{email.sender}</p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-600">{email.snippet}</p>
            </div>
            <time dateTime={email.date} title={new Date(email.date).toLocaleString('en-US')} className={cn('shrink-0 text-xs text-slate-500', !email.is_read && 'font-semibold text-brand-700')}>
              {emailDate(email.date, now)}
            </time>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => setAttempt((n) => n + 1)}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      </div>
    </div>
  );
}

export function EmailHistoryDialog({ name, contactId, companyId, onClose }: { name: string; onClose: () => void } & Omit<EmailHistoryProps, 'title'>) {
  return (
    <ActionDialog title="Email History" description={name} onClose={onClose} closeLabel="Close">
      <EmailHistoryPanel contactId={contactId} companyId={companyId} title={`With ${name}`} />
    </ActionDialog>
  );
}
