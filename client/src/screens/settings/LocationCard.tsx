import { memo, type ComponentType, type ReactNode } from 'react';
import { Building2, Clock, Layers, MapPin, Pencil, UserRound } from 'lucide-react';
import type { Location } from '@shared/schemas/locations';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import type { Touch } from '../../live/collection';

const floorsText = (floors: number[]) => (floors.length === 0 ? 'No floors listed' : `Floor${floors.length === 1 ? '' : 's'} ${floors.join(', ')}`);

/** One line of a location's card: an icon, and the label for screen readers. */
function Detail({ label, icon: Icon, children }: { label: string; icon: ComponentType<{ className?: string }>; children: ReactNode }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-start gap-2">
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        {children}
      </dd>
    </div>
  );
}

/**
 * One location: name, city, address, manager and floors, and Edit for administrators. Memoised
 * on the location and a stable callback: a pushed location re-renders its own card only.
 */
export const LocationCard = memo(function LocationCard({
  location,
  canEdit,
  touch,
  onEdit,
}: {
  location: Location;
  canEdit: boolean;
  /** The location's latest change seen live (marked when someone else made it). */
  touch: Touch | undefined;
  onEdit: (location: Location) => void;
}) {
  return (
    <Card className="relative h-full p-5" data-testid="location-card" data-location-id={location.id}>
      <LiveAccent touch={touch} />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-semibold text-slate-900">
            <Building2 className="h-4 w-4 shrink-0 text-brand-600" aria-hidden /> {location.name}
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">{location.city}</p>
        </div>
        {canEdit && (
          <Button variant="ghost" size="icon" aria-label={`Edit ${location.name}`} title="Edit" onClick={() => onEdit(location)}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
        )}
      </div>
      <dl className="mt-3 space-y-1.5 text-sm text-slate-700">
        <Detail label="Address" icon={MapPin}>
          {location.address}
        </Detail>
        <Detail label="Manager" icon={UserRound}>
          {location.manager}
        </Detail>
        <Detail label="Floors" icon={Layers}>
          {floorsText(location.floors)}
        </Detail>
        <Detail label="Opening hours" icon={Clock}>
          {location.opens_at}–{location.closes_at} · {location.time_zone.replace(/_/g, ' ')}
        </Detail>
      </dl>
      <UpdatedBy touch={touch} className="mt-2" />
    </Card>
  );
});
