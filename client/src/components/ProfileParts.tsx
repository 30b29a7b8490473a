import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Building2 } from 'lucide-react';
import { Card } from './ui/Card';

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

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

