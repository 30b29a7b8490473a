import { useDraggable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import type { OfficeStatus } from '@shared/schemas/offices';
import { cn } from '../../../lib/cn';
import { STATUS_SWATCH } from './floorColours';

export interface UnplacedOffice {
  id: string;
  number: string;
  status: OfficeStatus;
}

function UnplacedItem({ office, held, onPlace }: { office: UnplacedOffice; held: boolean; onPlace: (office: UnplacedOffice) => void }) {
  const { setNodeRef, attributes, listeners } = useDraggable({ id: `unplaced:${office.id}`, data: { kind: 'place', id: office.id } });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-roledescription="office to place"
        aria-describedby="floor-place-help"
        aria-label={`Place office ${office.number}`}
        // Enter (or a tap) places it at the first free spot, to move on from there.
        onClick={() => onPlace(office)}
        data-unplaced-office={office.id}
        className={cn(
          'flex min-h-11 w-full cursor-grab touch-none items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-2 text-left text-sm font-medium text-slate-800 hover:border-slate-400',
          'focus-visible:ring-brand-600 focus-visible:ring-[3px] focus-visible:outline-none',
          held && 'opacity-40',
        )}
      >
        <GripVertical className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <span className={cn('h-2.5 w-2.5 shrink-0 rounded-full', STATUS_SWATCH[office.status])} aria-hidden />
        Office {office.number}
      </button>
    </li>
  );
}

/** The floor's offices not on the plan yet, to drag onto it (editors only). */
export function UnplacedList({ offices, heldId, onPlace }: { offices: readonly UnplacedOffice[]; heldId: string | null; onPlace: (office: UnplacedOffice) => void }) {
  return (
    <section aria-labelledby="floor-unplaced-title" className="w-full shrink-0 lg:w-48" data-testid="floor-unplaced">
      <h3 id="floor-unplaced-title" className="mb-1 text-sm font-semibold text-slate-900">
        Not on the plan ({offices.length})
      </h3>
      <p id="floor-place-help" className="mb-2 text-xs text-slate-600">
        Drag onto the plan, or press Enter to place at the first free spot (Space, an arrow key and Space also drag it).
      </p>
      {offices.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-2 py-3 text-xs text-slate-600">Every office of this floor is on the plan.</p>
      ) : (
        <ul className="grid max-h-[60vh] grid-cols-3 gap-1.5 overflow-y-auto sm:grid-cols-4 lg:grid-cols-1">
          {offices.map((office) => (
            <UnplacedItem key={office.id} office={office} held={office.id === heldId} onPlace={onPlace} />
          ))}
        </ul>
      )}
    </section>
  );
}
