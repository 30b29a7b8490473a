import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { formatCurrency } from '@shared/domain/money';
import { ACCEPT_REQUIRED, SIGNER_NAME_REQUIRED, type SigningReceipt, type SigningSummary } from '@shared/schemas/agreements';
import { SigningError, loadSigning, submitSignature } from './signingApi';
import { locationLine } from './locationLine';

const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const moment = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
const term = (months: number | null, days: number | null) =>
  [months ? `${months} ${months === 1 ? 'month' : 'months'}` : '', days ? `${days} ${days === 1 ? 'day' : 'days'}` : ''].filter(Boolean).join(' and ');

/** What a refused link means for the signer, by the API's status. */
function titleOf(error: SigningError): string {
  if (error.status === 400) return 'This signing link is not valid';
  if (error.status === 410) return 'This signing link can no longer be used';
  if (error.status === 429) return 'Too many attempts';
  return 'The agreement could not be loaded';
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-full bg-slate-50 px-4 py-8">
      <main className="mx-auto max-w-3xl space-y-5">
        <header className="flex items-center gap-2 text-slate-900">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 font-bold text-white" aria-hidden>
            F
          </span>
          <span className="text-lg font-semibold">FlexSpace</span>
        </header>
        {children}
      </main>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Summary({ summary }: { summary: SigningSummary }) {
  const t = summary.terms;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="summary-title">
      <h1 id="summary-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Membership agreement
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {t.deal_name} · version {t.agreement_version}
      </p>
      <dl className="mt-4 divide-y divide-slate-100" data-testid="signing-summary">
        <Fact label="Operator">{t.operator.name}</Fact>
        <Fact label="Location">{locationLine(t.location)}</Fact>
        <Fact label="Company">{t.company_name}</Fact>
        <Fact label="Contact">{t.contact.name}</Fact>
        <Fact label="Offices">
          {t.offices.map((o) => `Office ${o.office_number} (${o.desks} ${o.desks === 1 ? 'desk' : 'desks'})`).join(', ')}
        </Fact>
        <Fact label="Start date">{day(t.start_date)}</Fact>
        <Fact label="Term">{term(t.term_months, t.term_days)}</Fact>
        <Fact label="Monthly price">{formatCurrency(t.monthly_price)}</Fact>
        <Fact label="Deal value">{formatCurrency(t.deal_value)}</Fact>
        {t.notice_by && <Fact label="Notice">{t.notice_by}</Fact>}
      </dl>
    </section>
  );
}

function Refused({ error }: { error: SigningError }) {
  return (
    <Frame>
      <section role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-6" data-testid="signing-refused" data-status={error.status}>
        <h1 className="text-xl font-semibold text-amber-900">{titleOf(error)}</h1>
        <p className="mt-2 text-sm text-amber-900">{error.message}</p>
        <p className="mt-4 text-sm text-amber-800">If you expected to sign an agreement, contact the person at FlexSpace who sent you the link.</p>
      </section>
    </Frame>
  );
}

function Signed({ receipt }: { receipt: SigningReceipt }) {
  return (
    <Frame>
      <section role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6" data-testid="signing-done">
        <h1 className="text-xl font-semibold text-emerald-900">Thank you, the agreement is signed</h1>
        <p className="mt-2 text-sm text-emerald-900">
          {receipt.signer_name} signed the membership agreement for {receipt.company_name} ({receipt.deal_name}) on {moment(receipt.signed_at)}.
        </p>
        <p className="mt-3 font-mono text-xs break-all text-emerald-800">Document SHA-256: {receipt.document_sha256}</p>
        <p className="mt-3 text-sm text-emerald-900">FlexSpace will send you the executed copy. You can close this page.</p>
      </section>
    </Frame>
  );
}

/**
 * /sign/<token>: the agreement's summary and PDF, the signer's typed name and an explicit
 * acceptance, then a confirmation. A link that is not valid, has expired, was replaced or already
 * used shows why instead, and nothing is signed.
 */
export function SignPage({ token }: { token: string }) {
  const [summary, setSummary] = useState<SigningSummary | null>(null);
  const [refused, setRefused] = useState<SigningError | null>(null);
  const [receipt, setReceipt] = useState<SigningReceipt | null>(null);
  const [name, setName] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [problems, setProblems] = useState<{ signer_name?: string; accept?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    loadSigning(token).then(
      (s) => live && setSummary(s),
      (e: unknown) => live && setRefused(e instanceof SigningError ? e : new SigningError(0, 'The agreement could not be loaded')),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const local = { signer_name: name.trim() ? undefined : SIGNER_NAME_REQUIRED, accept: accepted ? undefined : ACCEPT_REQUIRED };
    setProblems(local);
    if (local.signer_name || local.accept) return;
    setSending(true);
    try {
      setReceipt(await submitSignature(token, { signer_name: name.trim(), accept: true }));
    } catch (e) {
      const error = e instanceof SigningError ? e : new SigningError(0, 'The signature could not be sent');
      if (error.status === 400 && error.fields.length > 0) {
        setProblems(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      } else if (error.status === 400 || error.status === 410) {
        setRefused(error);
      } else {
        setProblems({ form: error.message });
      }
    } finally {
      setSending(false);
    }
  };

  if (receipt) return <Signed receipt={receipt} />;
  if (refused) return <Refused error={refused} />;
  if (!summary) {
    return (
      <Frame>
        <p className="text-sm text-slate-600" role="status">
          Loading the agreement...
        </p>
      </Frame>
    );
  }
  return (
    <Frame>
      <Summary summary={summary} />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">The agreement</h2>
          <a href={summary.pdf_url} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-700 hover:underline">
            Open the agreement (PDF)
          </a>
        </div>
        <iframe src={summary.pdf_url} title="Membership agreement (PDF)" className="mt-3 hidden h-[32rem] w-full rounded-lg border border-slate-200 md:block" />
      </section>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="sign-title">
        <h2 id="sign-title" className="text-lg font-semibold text-slate-900">
          Sign
        </h2>
        <div>
          <label htmlFor="signer-name" className="block text-sm font-medium text-slate-700">
            Your full name
          </label>
          <input
            id="signer-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            maxLength={120}
            aria-invalid={problems.signer_name ? true : undefined}
            aria-describedby={problems.signer_name ? 'signer-name-error' : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          {problems.signer_name && (
            <p id="signer-name-error" className="mt-1 text-sm text-red-700">
              {problems.signer_name}
            </p>
          )}
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} className="mt-0.5 h-4 w-4" aria-describedby={problems.accept ? 'accept-error' : undefined} />
            <span>I have read the membership agreement and accept it on behalf of {summary.terms.company_name}. Typing my name above is my electronic signature.</span>
          </label>
          {problems.accept && (
            <p id="accept-error" className="mt-1 text-sm text-red-700">
              {problems.accept}
            </p>
          )}
        </div>
        {problems.form && (
          <p role="alert" className="text-sm text-red-700">
            {problems.form}
          </p>
        )}
        <button type="submit" disabled={sending} className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-5 text-sm font-medium text-white hover:bg-brand-700 disabled:bg-brand-600/60">
          {sending ? 'Signing...' : 'Sign the agreement'}
        </button>
        <p className="text-xs text-slate-500">This link works once, until {moment(summary.expires_at)}.</p>
      </form>
    </Frame>
  );
}
