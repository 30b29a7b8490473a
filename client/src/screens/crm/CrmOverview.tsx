import type { ReactNode } from 'react';

/** The Overview tab: two sections of details side by side, then the notes. */
export function CrmOverview({ sections, notes }: { sections: [title: string, details: ReactNode][]; notes: string | null }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {sections.map(([title, details]) => (
        <section key={title} className="space-y-2">
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          <dl className="grid gap-3 sm:grid-cols-2">{details}</dl>
        </section>
      ))}
      <section className="md:col-span-2">
        <h2 className="mb-1 text-sm font-semibold text-slate-900">Notes</h2>
        <p className="text-sm whitespace-pre-wrap text-slate-700">{notes ?? 'No notes.'}</p>
      </section>
    </div>
  );
}
