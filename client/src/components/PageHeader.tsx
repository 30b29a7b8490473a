import type { ReactNode } from 'react';
import { MapPin } from 'lucide-react';
import { Badge } from './ui/Badge';

/** A screen's title line, with room for a badge or actions on the right. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {/* Several actions wrap onto a second line on a phone rather than push the page sideways. */}
      {children && <div className="flex flex-wrap items-center justify-end gap-2">{children}</div>}
    </div>
  );
}

/** The header's badge naming the one location a screen shows (none under All Locations). */
export function LocationBadge({ name }: { name: string }) {
  return (
    <Badge tone="blue" className="gap-1 px-2.5 py-1 text-sm" data-testid="location-badge">
      <MapPin className="h-3.5 w-3.5" aria-hidden />
      {name}
    </Badge>
  );
}
