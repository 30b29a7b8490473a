import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Building2, Pencil, Save, X } from 'lucide-react';
import type { Touch } from '../live/collection';
import { LoadFailed } from './LoadFailed';
import { LiveAccent, UpdatedBy } from './LiveMark';
import { Button } from './ui/Button';
import { Card } from './ui/Card';
import { LoadingNote } from './ui/Spinner';

/** The full-page message of a profile whose id is unknown ('Office not found', 'Member not found'). */
export function NotFound({ message, back, backLabel }: { message: string; back: string; backLabel: string }) {
  return (
    <div className="flex justify-center py-16">
      <Card className="max-w-md p-8 text-center">
        <Building2 className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{message}</h1>
        <Link to={back} className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {backLabel}
        </Link>
      </Card>
    </div>
  );
}

/**
 * What a profile shows in place of its row: no id in the address, a row that is not there, a
 * failed load (with Retry and the way back), or the row still on its way. `noun` is 'Office',
 * `failedTitle` the load failure's own words ('Failed to load office').
 */
export function ProfileUnavailable({
  hasId,
  live: { missing, failed, error, retry },
  noun,
  failedTitle,
  back,
}: {
  hasId: boolean;
  /** The row's load, as useLiveRow tells it. */
  live: { missing: boolean; failed: boolean; error: unknown; retry: () => void };
  noun: string;
  failedTitle: string;
  back: { to: string; label: string };
}) {
  if (!hasId) return <NotFound message={`No ${noun.toLowerCase()} ID provided`} back={back.to} backLabel={back.label} />;
  if (missing) return <NotFound message={`${noun} not found`} back={back.to} backLabel={back.label} />;
  if (failed) return <LoadFailed title={failedTitle} error={error} onRetry={retry} back={back} />;
  return <ProfileLoading text={`Loading ${noun.toLowerCase()}...`} />;
}

/** The top of a profile page: the way back to its list, then a card led by the row's icon. */
export function ProfileTop({ back, icon, children }: { back: { to: string; label: string }; icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <BackLink to={back.to} label={back.label} />
      <Card className="flex flex-wrap items-start gap-4 p-5">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700" aria-hidden>
          {icon}
        </div>
        {children}
      </Card>
    </>
  );
}

/** Shown while a profile's row is still on its way ('Loading office...'). */
export function ProfileLoading({ text }: { text: string }) {
  return <LoadingNote text={text} />;
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-slate-900">
      <ArrowLeft className="h-4 w-4" aria-hidden /> {label}
    </Link>
  );
}

/** A profile's title block; when someone else changes the row it says who ("Updated by ..."), with a fading accent. */
export function ProfileHeader({ touch, eyebrow, title, children }: { touch: Touch | undefined; eyebrow: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="relative flex flex-wrap items-start justify-between gap-4">
      <LiveAccent touch={touch} edge className="-left-3 rounded-full" />
      <div>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-500">
          <span>{eyebrow}</span>
          <UpdatedBy touch={touch} />
        </p>
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      </div>
      {children}
    </div>
  );
}

/** The profile's Edit button; while editing, the form shows its own Cancel and Save. */
export function EditButton({ onEdit }: { onEdit: () => void }) {
  return (
    <Button variant="secondary" onClick={onEdit}>
      <Pencil className="h-4 w-4" aria-hidden /> Edit
    </Button>
  );
}

/** Cancel and Save at the end of a profile's edit form (Save submits it). */
export function EditFormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        <X className="h-4 w-4" aria-hidden /> Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        <Save className="h-4 w-4" aria-hidden /> {saving ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}

/** The office a member has, or the company an office has; Unassign shows only when `onUnassign` is given. */
export function AssignmentCard({ icon, label, children, onUnassign }: { icon: ReactNode; label: string; children: ReactNode; onUnassign?: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex items-center gap-3">
        <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700" aria-hidden>
          {icon}
        </div>
        <div>
          <p className="text-xs text-slate-500">{label}</p>
          {children}
        </div>
      </div>
      {onUnassign && (
        <Button variant="secondary" onClick={onUnassign}>
          Unassign
        </Button>
      )}
    </div>
  );
}

/** A profile tab with nothing to list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">{children}</p>;
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
